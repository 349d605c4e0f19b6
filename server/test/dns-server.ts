import dns2 from 'dns2';

const { Packet } = dns2;

/** One record of the test zone. TXT data longer than 255 octets is split into character-strings, as DNS hosts do. */
export type ZoneRecord =
  | { type: 'A'; address: string }
  | { type: 'AAAA'; address: string }
  | { type: 'MX'; exchange: string; priority?: number }
  | { type: 'TXT'; data: string }
  | { type: 'CNAME'; domain: string };

/**
 * Names and their records. A name not in the zone answers NXDOMAIN; a name without a record of the asked type
 * answers NOERROR with no answer (NODATA); 'timeout' never answers; 'servfail' answers SERVFAIL.
 */
export type Zone = Record<string, ZoneRecord[] | 'timeout' | 'servfail'>;

export type TestDnsServer = { server: string; questions: string[]; close(): Promise<void> };

const split = (text: string) => text.match(/[\s\S]{1,255}/g) ?? [''];

// dns2 types answers as its Resource class; plain objects are what its encoder takes.
type Answer = Parameters<ReturnType<typeof Packet.createResponseFromRequest>['answers']['push']>[0];

function answerOf(name: string, record: ZoneRecord): Answer {
  return plainAnswer(name, record) as unknown as Answer;
}

function plainAnswer(name: string, record: ZoneRecord) {
  const base = { name, class: Packet.CLASS.IN, ttl: 60 };
  switch (record.type) {
    case 'A':
      return { ...base, type: Packet.TYPE.A, address: record.address };
    case 'AAAA':
      return { ...base, type: Packet.TYPE.AAAA, address: record.address };
    case 'MX':
      return { ...base, type: Packet.TYPE.MX, exchange: record.exchange, priority: record.priority ?? 10 };
    case 'TXT':
      return { ...base, type: Packet.TYPE.TXT, data: split(record.data) };
    case 'CNAME':
      return { ...base, type: Packet.TYPE.CNAME, domain: record.domain };
  }
}

/**
 * A DNS server on 127.0.0.1 (UDP, a free port) answering from `zone`, read at every question so a test may change
 * it; `server` is its host:port for a resolver.
 */
export async function startDnsServer(zone: Zone, port = 0): Promise<TestDnsServer> {
  const questions: string[] = [];
  const recordsOf = (name: string) => Object.entries(zone).find(([key]) => key.toLowerCase() === name)?.[1];
  const server = dns2.createUDPServer((request, send) => {
    const response = Packet.createResponseFromRequest(request);
    const [question] = request.questions;
    const type = Object.entries(Packet.TYPE).find(([, code]) => code === question.type)?.[0] ?? String(question.type);
    questions.push(`${question.name} ${type}`);
    let name = question.name.toLowerCase();
    let records = recordsOf(name);
    if (records === 'timeout') return;
    if (records === 'servfail') {
      response.header.rcode = Packet.RCODE.SERVFAIL;
      return send(response);
    }
    if (records === undefined) {
      response.header.rcode = Packet.RCODE.NXDOMAIN;
      return send(response);
    }
    // A CNAME answers for every type: the alias, then the target's records of the asked type.
    const alias = records.find((record) => record.type === 'CNAME');
    if (alias && type !== 'CNAME') {
      response.answers.push(answerOf(name, alias));
      name = alias.domain.toLowerCase();
      const target = recordsOf(name);
      records = Array.isArray(target) ? target : [];
    }
    for (const record of records.filter((candidate) => candidate.type === type)) {
      response.answers.push(answerOf(name, record));
    }
    send(response);
  });
  await server.listen(port, '127.0.0.1');
  return {
    server: `127.0.0.1:${server.address().port}`,
    questions,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
