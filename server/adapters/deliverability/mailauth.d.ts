// Types for the mailauth modules used here that ship none (the package types only its main entry and lib/spf).
declare module 'mailauth/lib/tools.js' {
  const tools: {
    /** Reads and validates a DKIM key record; throws (with a code such as ENOTFOUND, EINVALIDVAL, ESHORTKEY) when unusable. */
    getPublicKey(
      type: 'DKIM',
      name: string,
      minBitLength: number,
      resolver: (name: string, rrtype: string) => Promise<unknown>,
    ): Promise<{ rr: string; modulusLength?: number; keyType: string; testing: boolean }>;
  };
  export default tools;
}

declare module 'mailauth/lib/dmarc/get-dmarc-record.js' {
  /** The DMARC record that applies to the domain (its own, its organizational domain's), or false when none. */
  function getDmarcRecord(
    domain: string,
    resolver: (name: string, rrtype: string) => Promise<unknown>,
  ): Promise<
    | false
    | {
        p?: string;
        sp?: string;
        pct?: number;
        rua?: string;
        aspf?: string;
        adkim?: string;
        rr: string;
        isOrgRecord: boolean;
        recordDomain: string;
      }
  >;
  export default getDmarcRecord;
}
