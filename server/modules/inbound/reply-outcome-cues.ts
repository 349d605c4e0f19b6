// The words the offline rules look for, by outcome, in English, Spanish, French, German and Portuguese. They read
// only what the prospect wrote (quoted history removed, capped), and every pattern is an alternation of phrases
// with bounded gaps, so it runs in time linear in the text.

/** A reply whose first line is one of these declines ("No.", "Nope"). */
export const DECLINE_WORDS = new Set([
  'no',
  'nope',
  'nah',
  'pass',
  'no gracias',
  'non',
  'non merci',
  'nein',
  'não',
  'nao',
]);

/** Someone else opting out of something ("can our customers opt out of the texts?"): not the prospect asking. */
export const OTHERS_OPT_OUT =
  /\b(?:customers?|clients?|patients?|users?|people|members?|visitors?|guests?|they) (?:can |could |to |may |will )?opt(?:ed)? out\b/i;

/** A whole reply that is one of these words is an opt-out ("STOP", "remove", "baja"). */
export const OPT_OUT_WORDS = new Set([
  'stop',
  'stop please',
  'please stop',
  'stopp',
  'unsubscribe',
  'unsubscribe me',
  'remove',
  'remove me',
  'remove please',
  'please remove',
  'opt out',
  'baja',
  'de baja',
  'alto',
  'basta',
  'désabonner',
  'désinscrire',
  'abmelden',
  'austragen',
  'descadastrar',
  'sair',
  'parar',
  'pare',
]);

/** Asking in words to get no more mail, beyond the existing English cues (reply-intent.ts). */
export const OPT_OUT =
  /\b(?:never (?:e-?mail|contact|write to|message) (?:me|us|this (?:address|email|inbox))|take (?:me|us|my (?:e-?mail|address|name|details)|this (?:address|email)) off|remove (?:me|us|this (?:e-?mail|address))\b|(?:remove|delete|erase|lose|drop|scrub|purge) (?:my|our) (?:e-?mail|address|details|data|contact|info|name)|no more (?:e-?mails?|mails?|messages)|stop (?:spamming|messaging|bothering)|(?:this is|this is just|that'?s|it'?s|pure|more|total) spam\b|reported(?: (?:you|this|it))?(?: as spam)?\s*[.!]|report(?:ed|ing)? (?:you|this|it) (?:as|for) spam|mark(?:ed|ing)? (?:you|this|it) as spam)|dejen? de (?:enviar|mandar|escribir)|d[ée]n(?:me|nos) de baja|dar(?:me|nos)? de baja|no (?:me|nos) (?:escriban|escribas|escriba|env[íi]en|manden|contacten|vuelvan a)|(?:elimin|qu[ií]t|b[oó]rr|sac)(?:en|ar|ad|e)(?:me|nos)? de (?:su|sus|la|vuestra|esta) (?:lista|base)|no (?:quiero|deseo) recibir|no (?:quiero|queremos|deseo) m[áa]s (?:correos|e-?mails|mails|mensajes)|no m[áa]s (?:correos|e-?mails|mensajes)|(?:don'?t|do not|no longer) (?:wish|want) to (?:receive|get|hear)|ne (?:veux|souhaite) (?:plus|pas) recevoir|ne plus recevoir|d[ée]sabonn|d[ée]sinscri|retirez[- ](?:moi|nous)|retirer de (?:votre|vos|la) liste|supprimez[- ](?:moi|mon adresse)|ne (?:plus|pas) m['’]?(?:[ée]crire|envoyer|contacter)|ne m['’](?:[ée]crivez|envoyez|contactez) plus|plus de (?:mails|e-mails|courriels|messages)|cessez de m|abmelden|abbestellen|austragen|aus (?:ihrem|dem|eurem|deinem) verteiler|nicht mehr (?:an)?(?:schreiben|kontaktieren|mailen)|(?:schreiben|mailen) sie mir nicht|keine (?:weiteren )?(?:e-?mails|mails|nachrichten|werbung)|(?:l[öo]schen|entfernen) sie (?:mich|meine)|descadastr|(?:remov|exclu|tir|retir)\p{L}{0,4}(?:-me)? (?:o )?(?:meu |minha )?(?:e-?mail |contato |endere[çc]o )?da (?:sua )?(?:lista|base)|me (?:remova|remover|retire|tire) d|remova-me|n[ãa]o quero (?:receber|mais)|parem? de (?:me )?(?:enviar|mandar|escrever)|n[ãa]o (?:me )?(?:enviem|mandem|escrevam) mais/iu;

/** Says the mail should go to someone else: not in charge, left, retired, passed it on. */
export const WRONG_PERSON =
  /\b(?:wrong (?:person|contact|guy|department)|not the (?:right|correct|best) (?:person|contact)|no longer (?:works?|with|employed|at|here|there|part of)|(?:has|have) left (?:the company|the business|us)|left the company|retired\b|(?:don'?t|do not) (?:handle|deal with|manage|look after|take care of)|not (?:in charge|responsible) (?:of|for)|i'?m not the one|i (?:just|only) work (?:the|at|here)|(?:the|our) (?:owner|manager|boss|person in charge|decision[- ]maker) is [^\n@]{0,40}@|(?:forwarded|passed|passing|forwarding) (?:this|it|your (?:e-?mail|message|note))(?: on| along)? to)|persona (?:equivocada|indicada|adecuada|correcta)|ya no trabaja|ya no (?:la |lo )?lleva|no me encargo|no (?:soy|es) (?:la persona|el responsable|quien)|he reenviado|no es mi (?:[áa]rea|departamento)|(?:pas|plus) la bonne personne|mauvaise personne|ne (?:fait|travaille) plus|n['’]est plus (?:chez|dans|avec|en poste)|ne (?:m['’]occupe|g[èe]re) pas|j['’]ai transf[ée]r[ée]|a quitt[ée]|falsche(?:n|r)? (?:ansprechpartner|person|adresse)|nicht mehr in (?:unserem|dem) unternehmen|nicht mehr (?:bei uns|f[üu]r uns|t[äa]tig)|nicht (?:der|die) richtige|nicht zust[äa]ndig|hat (?:das unternehmen|uns) verlassen|weitergeleitet an|pessoa (?:errada|certa|indicada)|n[ãa]o (?:sou eu|[ée] comigo|cuido)|n[ãa]o trabalha mais|j[áa] n[ãa]o trabalha|saiu da empresa|encaminhei|n[ãa]o faz mais parte/iu;

/** Sends us to another address ("please contact maria@…", "hable con Diego (diego@…)"): wrong person, unless the
 * reply is an absence notice naming a stand-in. */
export const REFERRAL =
  /\b(?:contact|reach out to|write to|e-?mail|talk to|speak (?:to|with)|try|ask|hable con|habla con|escriba a|contacte a|p[óo]ngase en contacto con|contactez|[ée]crivez [àa]|adressez-vous [àa]|wenden sie sich (?:bitte )?an|schreiben sie (?:bitte )?an|kontaktieren sie|fale com|escreva para|entre em contato com|procure) (?!me\b|us\b|moi\b|mich\b|uns\b)[^\n@]{0,40}@/iu;

/** An absence notice in the body: present or future, not "I was on vacation last week". */
export const ABSENCE =
  /\b(?:(?:i am|i'?m|i will be|i'?ll be|currently|presently)\s(?:\w+\s){0,2}?(?:out of (?:the )?office|away|on (?:vacation|holidays?|leave|annual leave|parental leave|maternity leave|paternity leave|sick leave|a business trip)|off (?:work|until))|out of (?:the )?office|office is closed|(?:is|are|will be) closed (?:from|until|till|for|on|between)|closed until|closed for the holidays|limited access to (?:my )?e-?mail|(?:reply|respond) (?:when|upon|on) (?:i|my) return|away (?:at|on|until|till|from|for|this|next))|fuera de la oficina|de vacaciones|ausente|acceso limitado|absente? du bureau|en cong[ée]s?|je suis absente?|hors du bureau|en vacances|nicht im b[üu]ro|im urlaub|abwesend|au[ßs]er haus|in elternzeit|abwesenheit|fora do escrit[óo]rio|de f[ée]rias|de licen[çc]a/iu;

/** An automatic notice's subject that says it is an absence (not any auto-reply: a ticket receipt is not). */
export const ABSENCE_SUBJECT =
  /\bout of (?:the )?office\b|\bvacation\b|\babsence\b|abwesenheit|fuera de la oficina|\babsent|f[ée]rias|\baway\b/iu;

/** Declines, for now or for good. */
export const DECLINE =
  /\b(?:not interested|no,? thanks?\b|no thank you|we'?(?:re| are) (?:all set|good|covered|fine|happy with)|already (?:have|use|work with|has|got)|not (?:for us|a fit|relevant|right now|at this time|at the moment|now\b)|(?:we'?ll|we will|i'?ll|i will) pass|no budget|(?:do not|don'?t) have (?:the )?budget|(?:do not|don'?t) need|waste (?:of )?my time|no need|thanks? (?:you )?anyway|(?:is|are) enough for us|(?:we|i) (?:stopped|quit|gave up) (?:doing|using)|(?:we'?re|we are|i'?m|i am) (?:closing|shutting down|selling|retiring)|maybe (?:in (?:the )?(?:spring|summer|fall|autumn|winter|a few|a couple)|next|later)|(?:reach out|try (?:me|us)|check back|circle back)(?: again)? (?:in|next|after|later))|no (?:nos|me) interesa|no estamos interesad|no,? gracias|ya tenemos|no necesitamos|gracias de todas formas|merci quand m[êe]me|trotzdem danke|mesmo assim|ahora no|de momento no|ne (?:nous|m['’]) ?int[ée]resse pas|pas int[ée]ress|non,? merci|nous avons d[ée]j[àa]|pas besoin|pas pour le moment|pas pour nous|kein(?:e)? interesse|nicht interessiert|nein,? danke|haben (?:bereits|schon)|kein bedarf|(?:gut )?versorgt|brauchen (?:wir )?(?:nichts|keine)|derzeit nicht|momentan nicht|n[ãa]o (?:temos|tenho) interesse|sem interesse|n[ãa]o,? obrigad|j[áa] temos|n[ãa]o precisamos|agora n[ãa]o|no momento n[ãa]o/iu;

/** Asks for a call, a meeting or a time. */
export const MEETING =
  /\b(?:call me|give me a (?:call|ring)|let'?s (?:talk|chat|meet|hop on|jump on|set up|schedule)|set up a (?:call|meeting|time|chat)|schedule (?:a |the )?(?:call|meeting|demo|chat)|book (?:a |the )?(?:call|meeting|demo|time)|(?:are|is) you (?:free|available)|i'?m (?:free|available)|i am (?:free|available)|(?:does|would|will) (?:\w+day|tomorrow)(?: at \w+)? work|\w+day works|works for me|calendly|zoom|teams call|google meet|come by|stop by|swing by|drop by|happy to chat|reach me (?:by phone|on my|at \+?\d)|(?:my )?(?:number|phone|cell|mobile)(?: is|:)\s{0,2}\+?\d|(?:can|could) we (?:talk|chat|meet|speak|hop on|jump on)|open to a (?:quick )?(?:call|chat)|grab a time|pick a time|find a time)\b|una llamada|ll[áa]m(?:ame|eme)|reuni[óo]n|me viene bien|estoy disponible|s['’]appeler|appelez[- ]moi|rendez-vous|\brdv\b|un appel|passez (?:me |nous )?voir|venez (?:me |nous )?voir|on en (?:discute|discutera|parle|parlera)|p[áa]se(?:se)? por|p[áa]sate por|(?:kommen|schauen) sie (?:gerne |doch )?(?:mal )?vorbei|passe (?:aqui|na loja)|venha (?:aqui|at[ée])|je suis disponible|on peut se voir|r[ée]union|visio|telefonieren|rufen sie (?:mich )?an|\btermin|besprechung|r[üu]ckruf|reuni[ãa]o|marcar uma|me liga|liga[çc][ãa]o|estou livre|estou dispon[íi]vel/iu;

/** Asks about the price. */
export const PRICE =
  /\b(?:how much|price|pricing|cost|costs|fees?|quote|rates?)\b|cu[áa]nto cuesta|precio|quel (?:est le )?prix|combien|tarif|was (?:w[üu]rde|kostet)|kosten|preis|quanto custa|pre[çc]o|valor/iu;

/** Says yes, or asks for more, without a specific question. */
export const INTEREST =
  /\b(?:interest(?:ed|ing)|intresting|intrested|tell me more|more (?:info|information|details)|send (?:me |us |over )?(?:\w+ ){0,4}?(?:info|information|details|examples|samples|overview|portfolio|what you have)|sounds (?:good|great|interesting)|i'?d (?:like|love) to (?:know|learn|hear)|(?:happy|keen) to hear more|could be (?:useful|interesting)|(?:we|i)'?d consider|would consider|curious|yes|yep|yeah|sure|go ahead|open to it|send (?:me |us |over )?(?:the |a |your )?(?:proposal|quote|offer|pricing|brochure))\b|me interesa|nos interesa|interesante|m[áa]s informaci[óo]n|cu[ée]ntame m[áa]s|m[áa]nd(?:ame|enos|eme|enme)|env[íi](?:ame|enos|eme|enme)|adelante|(?:una|la|su) propuesta|m['’]int[ée]resse|nous int[ée]resse|int[ée]ressant|plus d['’]informations|envoyez[- ]moi|en savoir plus|klingt interessant|interessiert mich|\binteresse|mehr infos|mehr informationen|(?:schicken|senden) sie (?:mir|uns)|gerne mehr|tenho interesse|temos interesse|interessante|mais informa[çc][õo]es|me mand[ae]|pode me enviar|me envie|proposta/iu;

/** Asks who we are rather than about the offer. */
export const WHO_ARE_YOU =
  /^\W*(?:who (?:is this|are you)|qui[ée]n (?:es|eres|son)|qui [êe]tes[- ]vous|wer sind sie|quem [ée])\b/iu;
