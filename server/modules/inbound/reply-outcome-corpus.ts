import type { ReplyOutcome } from '../../../contract/reply-outcomes';

/**
 * Replies to a cold mail, written by us for the rules' tests (issue 42): none is a copy of a real mail. The people,
 * businesses and addresses are made up; the mail they answer is Sam's note from Harbor Lane Web Studio offering a
 * new website and local search listings. They are written the way prospects answer: greetings, signatures, typos,
 * the quoted history below, in English, Spanish, French, German and Portuguese.
 *
 * Labels follow one rubric: `meeting_request` asks for a call, a meeting or a time; `question` asks something about
 * the offer (price, how, what) before deciding; `interested` says yes or asks for more without a specific question;
 * `not_interested` declines, now or for good, politely or not, without asking to get no more mail;
 * `unsubscribe_request` asks in words to get no more mail (or reports it as spam); `wrong_person` says the mail
 * should go to someone else (left, not in charge, passed on); `out_of_office` is an absence notice; `other` is the
 * rest (a thank-you, a ticket acknowledgement, "who are you?").
 *
 * The last three groups were written after the first rules, each measured before the rules were changed for it, to
 * see how the rules do on phrasing they were not written for: 2/12, 5/12 and 6/12 right before those changes.
 */
export type CorpusReply = {
  id: string;
  subject: string;
  text: string;
  /** When it came in; 2026-03-02T09:14:00Z (a Monday) when not given. */
  receivedAt?: string;
  autoSubmitted?: boolean;
  outcome: ReplyOutcome;
  /** out_of_office: the date the notice gives (YYYY-MM-DD), null when it gives none. */
  returnDate?: string | null;
  /** wrong_person: the person to write to instead, when the reply names one. */
  referral?: { email: string; name?: string };
};

export const CORPUS_RECEIVED_AT = '2026-03-02T09:14:00Z';

const OUR_MAIL = [
  'Hi there,',
  '',
  'I came across your business on the map and noticed your website does not show up on phones very well.',
  'We build fast websites and keep local listings up to date for shops and practices in town.',
  'Would a 15-minute call next week make sense?',
  '',
  'Sam Carter',
  'Harbor Lane Web Studio',
  '',
  'Not interested? Just reply "stop", or unsubscribe here: https://harborlane.test/u/k3j9',
];

/** Our mail quoted below a Gmail-style header line, as most clients do it. */
const quoted = (header = 'On Mon, Mar 2, 2026 at 9:00 AM Sam Carter <sam@harborlane.test> wrote:') =>
  `\n\n${header}\n${OUR_MAIL.map((line) => `> ${line}`).join('\n')}\n`;

/** Our mail below an Outlook-style block, not indented. */
const outlookQuoted = () =>
  [
    '',
    '________________________________',
    'From: Sam Carter <sam@harborlane.test>',
    'Sent: Monday, March 2, 2026 9:00 AM',
    'To: info@example.test',
    'Subject: A faster website for your shop',
    '',
    ...OUR_MAIL,
  ].join('\n');

const SUBJECT = 'Re: A faster website for your shop';

export const REPLY_CORPUS: CorpusReply[] = [
  // ---- interested ----
  {
    id: 'interested-short',
    subject: SUBJECT,
    text: `Yes, interested. Send me more info.\n\nDave${quoted()}`,
    outcome: 'interested',
  },
  {
    id: 'interested-typo',
    subject: SUBJECT,
    text: `hi sam\n\nsounds intresting actually, our site is really old. send over some examples of your work\n\nthx\nLinda${quoted()}`,
    outcome: 'interested',
  },
  {
    id: 'interested-long',
    subject: SUBJECT,
    text: `Hello Sam,\n\nThank you for reaching out. Funny timing, we have been talking about redoing the website for a while now, and you are right that it looks terrible on a phone. My daughter made it about eight years ago.\n\nI would be happy to hear more about what you do. Please send me a few examples of sites you built for other bakeries or cafés.\n\nBest regards,\nMargaret Olsen\nOlsen Family Bakery\n+1 555 0142${quoted()}`,
    outcome: 'interested',
  },
  {
    id: 'interested-outlook',
    subject: 'RE: A faster website for your shop',
    text: `Good morning,\n\nThis is something we'd consider. Please send a short overview of your packages to this address.\n\nKind regards\nTom Becker\nBecker Plumbing${outlookQuoted()}`,
    outcome: 'interested',
  },
  {
    id: 'interested-es',
    subject: 'RE: Una web más rápida para su negocio',
    text: `Hola Sam,\n\nMe interesa, la verdad. Mándame más información y algunos ejemplos por favor.\n\nSaludos,\nLucía\n\nEl lun, 2 mar 2026 a las 9:00, Sam Carter (<sam@harborlane.test>) escribió:\n> Hola, vi su negocio en el mapa...`,
    outcome: 'interested',
  },
  {
    id: 'interested-fr',
    subject: 'RE: Un site plus rapide',
    text: `Bonjour,\n\nÇa m'intéresse. Pouvez-vous m'envoyer plus d'informations ?\n\nCordialement,\nJulien Marchand\n\nLe lun. 2 mars 2026 à 09:00, Sam Carter <sam@harborlane.test> a écrit :\n> Bonjour, j'ai vu votre entreprise...`,
    outcome: 'interested',
  },
  {
    id: 'interested-de',
    subject: 'AW: Eine schnellere Website',
    text: `Hallo Herr Carter,\n\nklingt interessant. Schicken Sie mir gerne mehr Infos und ein paar Beispiele.\n\nViele Grüße\nKatrin Vogel\n\nAm Mo., 2. März 2026 um 09:00 Uhr schrieb Sam Carter <sam@harborlane.test>:\n> Hallo, ich habe Ihr Geschäft gesehen...`,
    outcome: 'interested',
  },
  {
    id: 'interested-pt',
    subject: 'Re: Um site mais rápido',
    text: `Olá Sam,\n\nTenho interesse sim. Pode me mandar mais informações?\n\nAbraço,\nRafael\n\nEm seg., 2 de mar. de 2026 às 09:00, Sam Carter <sam@harborlane.test> escreveu:\n> Olá, vi a sua empresa...`,
    outcome: 'interested',
  },
  {
    id: 'interested-one-word',
    subject: SUBJECT,
    text: `Sure, tell me more${quoted()}`,
    outcome: 'interested',
  },
  {
    id: 'interested-after-holiday',
    subject: SUBJECT,
    text: `Hi Sam, sorry for the slow reply, I was on vacation last week. Yes this could be useful for us, please send me what you have.\n\nPriya${quoted()}`,
    outcome: 'interested',
  },

  // ---- meeting_request ----
  {
    id: 'meeting-thursday',
    subject: SUBJECT,
    text: `Hi Sam,\n\nSure, let's talk. Does Thursday at 2pm work for you?\n\nMark${quoted()}`,
    outcome: 'meeting_request',
  },
  {
    id: 'meeting-call-me',
    subject: SUBJECT,
    text: `Give me a call tomorrow morning, 555-0199. Ask for Joe.${quoted()}`,
    outcome: 'meeting_request',
  },
  {
    id: 'meeting-calendly',
    subject: SUBJECT,
    text: `Happy to chat. Grab a time here: https://calendly.com/example-dentist/15min\n\nDr. Hannah Lee\nLee Family Dentistry${quoted()}`,
    outcome: 'meeting_request',
  },
  {
    id: 'meeting-stop-by',
    subject: SUBJECT,
    text: `Hey, come by the shop sometime next week, I'm usually there after 3. We can talk about it then.\n\n- Rick${quoted()}`,
    outcome: 'meeting_request',
  },
  {
    id: 'meeting-schedule',
    subject: 'RE: A faster website for your shop',
    text: `Sam,\n\nI'd like to set up a call to go over this. I'm available Tuesday or Wednesday afternoon.\n\nRegards,\nAngela Ruiz\nOffice Manager, Ruiz Auto Repair${outlookQuoted()}`,
    outcome: 'meeting_request',
  },
  {
    id: 'meeting-es',
    subject: 'RE: Una web más rápida',
    text: `Buenas,\n\n¿Podemos hacer una llamada el miércoles por la mañana? Me viene bien a las 10.\n\nGracias,\nJavier Morales`,
    outcome: 'meeting_request',
  },
  {
    id: 'meeting-fr',
    subject: 'RE: Un site plus rapide',
    text: `Bonjour Sam,\n\nOn peut s'appeler jeudi ? Je suis disponible à partir de 14h.\n\nBien à vous,\nClaire`,
    outcome: 'meeting_request',
  },
  {
    id: 'meeting-de',
    subject: 'AW: Eine schnellere Website',
    text: `Guten Tag,\n\nkönnen wir dazu kurz telefonieren? Am besten Dienstag Vormittag.\n\nMfG\nJürgen Hoffmann`,
    outcome: 'meeting_request',
  },
  {
    id: 'meeting-pt',
    subject: 'Re: Um site mais rápido',
    text: `Oi Sam, podemos marcar uma reunião na quinta? Estou livre depois das 15h.\n\nAna Souza`,
    outcome: 'meeting_request',
  },
  {
    id: 'meeting-zoom',
    subject: SUBJECT,
    text: `ok im open to a quick zoom. friday works\n\nsent from my iphone${quoted()}`,
    outcome: 'meeting_request',
  },

  // ---- question ----
  {
    id: 'question-price',
    subject: SUBJECT,
    text: `How much does something like this cost?\n\nBen${quoted()}`,
    outcome: 'question',
  },
  {
    id: 'question-restaurants',
    subject: SUBJECT,
    text: `Hi, do you work with restaurants too or just shops? We have two locations.\n\nThanks,\nMaya Chen${quoted()}`,
    outcome: 'question',
  },
  {
    id: 'question-how-found',
    subject: SUBJECT,
    text: `What exactly is wrong with our site on phones? It looks fine on mine.${quoted()}`,
    outcome: 'question',
  },
  {
    id: 'question-contract',
    subject: 'RE: A faster website for your shop',
    text: `Hello,\n\nBefore anything else, is there a monthly fee or is it a one-time payment? And do we keep the domain if we stop working with you?\n\nBest,\nGreg Palmer\nPalmer Hardware${outlookQuoted()}`,
    outcome: 'question',
  },
  {
    id: 'question-wordpress',
    subject: SUBJECT,
    text: `Our site runs on WordPress. Can you work with that, or do you rebuild everything from scratch?${quoted()}`,
    outcome: 'question',
  },
  {
    id: 'question-es',
    subject: 'RE: Una web más rápida',
    text: `Hola, ¿cuánto cuesta más o menos? ¿Incluye el mantenimiento?\n\nSaludos\nCarmen`,
    outcome: 'question',
  },
  {
    id: 'question-fr',
    subject: 'RE: Un site plus rapide',
    text: `Bonjour, quel est le prix pour un site de cinq pages ?\n\nMerci\nNadia`,
    outcome: 'question',
  },
  {
    id: 'question-de',
    subject: 'AW: Eine schnellere Website',
    text: `Hallo, was würde das ungefähr kosten? Und wie lange dauert so ein Projekt?\n\nGruß\nStefan`,
    outcome: 'question',
  },
  {
    id: 'question-pt',
    subject: 'Re: Um site mais rápido',
    text: `Bom dia, quanto custa? Vocês fazem também a parte do Google Maps?\n\nObrigado,\nMarcos`,
    outcome: 'question',
  },
  {
    id: 'question-timeline',
    subject: SUBJECT,
    text: `how long would it take to have a new site up?? we open a second location in may${quoted()}`,
    outcome: 'question',
  },

  // ---- not_interested ----
  {
    id: 'no-thanks',
    subject: SUBJECT,
    text: `No thanks.${quoted()}`,
    outcome: 'not_interested',
  },
  {
    id: 'no-not-interested',
    subject: SUBJECT,
    text: `Not interested, but thank you.\n\nSue${quoted()}`,
    outcome: 'not_interested',
  },
  {
    id: 'no-polite-long',
    subject: SUBJECT,
    text: `Hi Sam,\n\nThanks for thinking of us. We just had our website redone last year by a local agency and we're happy with them, so we'll pass for now.\n\nAll the best,\nOwen Price\nPrice & Sons Landscaping${quoted()}`,
    outcome: 'not_interested',
  },
  {
    id: 'no-all-set',
    subject: SUBJECT,
    text: `We're all set, thanks${quoted()}`,
    outcome: 'not_interested',
  },
  {
    id: 'no-not-now',
    subject: SUBJECT,
    text: `Not right now. Maybe next year when we renovate.\n\nDiane${quoted()}`,
    outcome: 'not_interested',
  },
  {
    id: 'no-angry',
    subject: SUBJECT,
    text: `How did you even get this email? Our website is fine. Don't waste my time.${quoted()}`,
    outcome: 'not_interested',
  },
  {
    id: 'no-no-budget',
    subject: 'RE: A faster website for your shop',
    text: `Hello,\n\nThank you for your email. Unfortunately we do not have the budget for this at the moment.\n\nRegards,\nFiona Walsh${outlookQuoted()}`,
    outcome: 'not_interested',
  },
  {
    id: 'no-es',
    subject: 'RE: Una web más rápida',
    text: `Gracias pero no nos interesa.\n\nUn saludo,\nPedro`,
    outcome: 'not_interested',
  },
  {
    id: 'no-fr',
    subject: 'RE: Un site plus rapide',
    text: `Bonjour,\n\nNon merci, ça ne nous intéresse pas.\n\nCordialement,\nSophie Laurent`,
    outcome: 'not_interested',
  },
  {
    id: 'no-de',
    subject: 'AW: Eine schnellere Website',
    text: `Hallo,\n\nkein Interesse, danke.\n\nGruß\nM. Schulz`,
    outcome: 'not_interested',
  },
  {
    id: 'no-pt',
    subject: 'Re: Um site mais rápido',
    text: `Obrigado, mas não temos interesse.\n\nAtt,\nJoana`,
    outcome: 'not_interested',
  },
  {
    id: 'no-happy-with-current',
    subject: SUBJECT,
    text: `we already work with someone for our website. good luck${quoted()}`,
    outcome: 'not_interested',
  },

  // ---- unsubscribe_request ----
  {
    id: 'unsub-stop',
    subject: SUBJECT,
    text: `STOP${quoted()}`,
    outcome: 'unsubscribe_request',
  },
  {
    id: 'unsub-remove-me',
    subject: SUBJECT,
    text: `Please remove me from your mailing list.\n\nThank you,\nCarol${quoted()}`,
    outcome: 'unsubscribe_request',
  },
  {
    id: 'unsub-angry',
    subject: SUBJECT,
    text: `Stop emailing me. This is the third time. I never signed up for anything.${quoted()}`,
    outcome: 'unsubscribe_request',
  },
  {
    id: 'unsub-take-off',
    subject: SUBJECT,
    text: `not interested, take us off your list pls${quoted()}`,
    outcome: 'unsubscribe_request',
  },
  {
    id: 'unsub-dont-contact',
    subject: 'RE: A faster website for your shop',
    text: `Do not contact me again.\n\nJ. Harlow${outlookQuoted()}`,
    outcome: 'unsubscribe_request',
  },
  {
    id: 'unsub-spam',
    subject: SUBJECT,
    text: `This is spam. Reported.${quoted()}`,
    outcome: 'unsubscribe_request',
  },
  {
    id: 'unsub-no-more',
    subject: SUBJECT,
    text: `Hi Sam,\n\nWe're not interested and I'd appreciate no more emails about this.\n\nBest,\nRoger Kim${quoted()}`,
    outcome: 'unsubscribe_request',
  },
  {
    id: 'unsub-word-only',
    subject: SUBJECT,
    text: `unsubscribe${quoted()}`,
    outcome: 'unsubscribe_request',
  },
  {
    id: 'unsub-list-button',
    subject: 'unsubscribe',
    text: '',
    outcome: 'unsubscribe_request',
  },
  {
    id: 'unsub-never',
    subject: SUBJECT,
    text: `never email this address again${quoted()}`,
    outcome: 'unsubscribe_request',
  },
  {
    id: 'unsub-es',
    subject: 'RE: Una web más rápida',
    text: `Por favor, dejen de enviarme correos. Denme de baja de su lista.\n\nGracias`,
    outcome: 'unsubscribe_request',
  },
  {
    id: 'unsub-es-short',
    subject: 'RE: Una web más rápida',
    text: `No me escriban más.`,
    outcome: 'unsubscribe_request',
  },
  {
    id: 'unsub-fr',
    subject: 'RE: Un site plus rapide',
    text: `Merci de me retirer de votre liste et de ne plus m'écrire.\n\nA. Dubois`,
    outcome: 'unsubscribe_request',
  },
  {
    id: 'unsub-fr-desinscrire',
    subject: 'RE: Un site plus rapide',
    text: `Désinscrivez-moi s'il vous plaît.`,
    outcome: 'unsubscribe_request',
  },
  {
    id: 'unsub-de',
    subject: 'AW: Eine schnellere Website',
    text: `Bitte nehmen Sie mich aus Ihrem Verteiler und schreiben Sie mir nicht mehr.\n\nH. Weber`,
    outcome: 'unsubscribe_request',
  },
  {
    id: 'unsub-de-short',
    subject: 'AW: Eine schnellere Website',
    text: `Keine weiteren E-Mails bitte. Abmelden.`,
    outcome: 'unsubscribe_request',
  },
  {
    id: 'unsub-pt',
    subject: 'Re: Um site mais rápido',
    text: `Por favor, me remova da sua lista. Não quero receber mais e-mails.\n\nAtt, Bruno`,
    outcome: 'unsubscribe_request',
  },
  {
    id: 'unsub-pt-short',
    subject: 'Re: Um site mais rápido',
    text: `Parem de me mandar email.`,
    outcome: 'unsubscribe_request',
  },

  // ---- out_of_office ----
  {
    id: 'ooo-back-on-monday-date',
    subject: 'Automatic reply: A faster website for your shop',
    autoSubmitted: true,
    text: `Thank you for your email. I am out of the office and will be back on Monday 9 March. For anything urgent please call the shop on 555-0100.\n\nKind regards,\nEmma`,
    outcome: 'out_of_office',
    returnDate: '2026-03-09',
  },
  {
    id: 'ooo-until-slashed',
    subject: 'Out of Office: A faster website for your shop',
    autoSubmitted: true,
    text: `I'm away until 12/03/2026 with limited access to email. I will respond when I return.`,
    outcome: 'out_of_office',
    returnDate: '2026-03-12',
  },
  {
    id: 'ooo-returning-ordinal',
    subject: 'Automatic reply: A faster website for your shop',
    autoSubmitted: true,
    text: `Hello, I'm currently on vacation, returning March 12th. Your message will not be forwarded.`,
    outcome: 'out_of_office',
    returnDate: '2026-03-12',
  },
  {
    id: 'ooo-de-dotted',
    subject: 'Abwesenheitsnotiz: Eine schnellere Website',
    autoSubmitted: true,
    text: `Vielen Dank für Ihre Nachricht. Ich bin nicht im Büro und ab dem 16.03. wieder zurück. Ihre E-Mail wird nicht weitergeleitet.\n\nMit freundlichen Grüßen\nAndrea Braun`,
    outcome: 'out_of_office',
    returnDate: '2026-03-16',
  },
  {
    id: 'ooo-de-zurueck-am',
    subject: 'Automatische Antwort: Eine schnellere Website',
    autoSubmitted: true,
    text: `Ich bin im Urlaub und am 12.03. zurück. In dringenden Fällen wenden Sie sich bitte an das Sekretariat.`,
    outcome: 'out_of_office',
    returnDate: '2026-03-12',
  },
  {
    id: 'ooo-fr',
    subject: 'Réponse automatique : Un site plus rapide',
    autoSubmitted: true,
    text: `Bonjour,\n\nJe suis absente du bureau et serai de retour le 12 mars. Je vous répondrai dès mon retour.\n\nCordialement,\nÉlodie`,
    outcome: 'out_of_office',
    returnDate: '2026-03-12',
  },
  {
    id: 'ooo-es',
    subject: 'Respuesta automática: Una web más rápida',
    autoSubmitted: true,
    text: `Gracias por su mensaje. Estoy fuera de la oficina hasta el 20 de marzo, con acceso limitado al correo.\n\nUn saludo,\nMarta`,
    outcome: 'out_of_office',
    returnDate: '2026-03-20',
  },
  {
    id: 'ooo-pt',
    subject: 'Resposta automática: Um site mais rápido',
    autoSubmitted: true,
    text: `Olá! Estou de férias e retorno no dia 23 de março. Responderei assim que possível.\n\nCamila`,
    outcome: 'out_of_office',
    returnDate: '2026-03-23',
  },
  {
    id: 'ooo-no-date',
    subject: 'Automatic reply: A faster website for your shop',
    autoSubmitted: true,
    text: `I am currently out of the office with limited access to email. I will reply as soon as I can.`,
    outcome: 'out_of_office',
    returnDate: null,
  },
  {
    id: 'ooo-iso',
    subject: 'Auto: A faster website for your shop',
    autoSubmitted: true,
    text: `Out of office. Back 2026-03-18.`,
    outcome: 'out_of_office',
    returnDate: '2026-03-18',
  },
  {
    id: 'ooo-us-month-day-year',
    subject: 'Out of office',
    autoSubmitted: true,
    text: `Thanks for your note! I'm out of the office until Tuesday, March 17, 2026. If you need help sooner, email frontdesk@clinic.test.\n\nJenna`,
    outcome: 'out_of_office',
    returnDate: '2026-03-17',
  },
  {
    id: 'ooo-no-header-flag',
    subject: 'Out of Office Re: A faster website for your shop',
    text: `I'm on annual leave and will be back in the office on 10 March 2026.`,
    outcome: 'out_of_office',
    returnDate: '2026-03-10',
  },
  {
    id: 'ooo-year-end',
    subject: 'Automatic reply: A faster website for your shop',
    receivedAt: '2026-12-22T15:00:00Z',
    autoSubmitted: true,
    text: `Our office is closed for the holidays. I will be back on January 5th.\n\nHappy holidays!\nNick`,
    outcome: 'out_of_office',
    returnDate: '2027-01-05',
  },
  {
    id: 'ooo-parental-no-date',
    subject: 'Automatic reply: A faster website for your shop',
    autoSubmitted: true,
    text: `Hi, I'm on parental leave. For website and marketing questions please contact the front desk at hello@yogastudio.test.`,
    outcome: 'out_of_office',
    returnDate: null,
  },
  {
    id: 'ooo-es-regreso',
    subject: 'Fuera de la oficina',
    autoSubmitted: true,
    text: `Estoy de vacaciones. Vuelvo el lunes 16/03. Para urgencias llame al 91 555 0101.`,
    outcome: 'out_of_office',
    returnDate: '2026-03-16',
  },

  // ---- wrong_person ----
  {
    id: 'wrong-referral-maria',
    subject: SUBJECT,
    text: `Hi, I don't handle the website. Please contact Maria at maria@bellasalon.test, she's in charge of marketing.\n\nTony${quoted()}`,
    outcome: 'wrong_person',
    referral: { email: 'maria@bellasalon.test', name: 'Maria' },
  },
  {
    id: 'wrong-left-company',
    subject: 'Automatic reply: A faster website for your shop',
    autoSubmitted: true,
    text: `Daniel Ross no longer works at Ross Cabinetry. Please direct your email to Sarah Ross (sarah.ross@rosscabinetry.test).`,
    outcome: 'wrong_person',
    referral: { email: 'sarah.ross@rosscabinetry.test', name: 'Sarah Ross' },
  },
  {
    id: 'wrong-not-right-person',
    subject: SUBJECT,
    text: `I'm not the right person for this, sorry.${quoted()}`,
    outcome: 'wrong_person',
  },
  {
    id: 'wrong-forwarded',
    subject: 'RE: A faster website for your shop',
    text: `Hi Sam,\n\nI've forwarded this to our owner, Kevin Walsh - kevin@walshbrewing.test. He makes those decisions.\n\nBest,\nAmy${outlookQuoted()}`,
    outcome: 'wrong_person',
    referral: { email: 'kevin@walshbrewing.test', name: 'Kevin Walsh' },
  },
  {
    id: 'wrong-es',
    subject: 'RE: Una web más rápida',
    text: `Hola, yo no me encargo de eso. Escriba a Laura García, laura.garcia@clinicasol.test.\n\nSaludos`,
    outcome: 'wrong_person',
    referral: { email: 'laura.garcia@clinicasol.test', name: 'Laura García' },
  },
  {
    id: 'wrong-fr',
    subject: 'RE: Un site plus rapide',
    text: `Bonjour, je ne suis pas la bonne personne. Contactez plutôt Marc Petit : marc.petit@boulangerie-petit.test\n\nBonne journée`,
    outcome: 'wrong_person',
    referral: { email: 'marc.petit@boulangerie-petit.test', name: 'Marc Petit' },
  },
  {
    id: 'wrong-de',
    subject: 'AW: Eine schnellere Website',
    text: `Guten Tag, Herr Fischer ist nicht mehr in unserem Unternehmen tätig. Bitte wenden Sie sich an Frau Petra Lang, p.lang@autohaus-lang.test.\n\nFreundliche Grüße`,
    outcome: 'wrong_person',
    referral: { email: 'p.lang@autohaus-lang.test', name: 'Petra Lang' },
  },
  {
    id: 'wrong-pt',
    subject: 'Re: Um site mais rápido',
    text: `Oi, não sou eu quem cuida disso. Fale com o Pedro Alves: pedro@padariaalves.test\n\nAbs`,
    outcome: 'wrong_person',
    referral: { email: 'pedro@padariaalves.test', name: 'Pedro Alves' },
  },
  {
    id: 'wrong-left-no-referral',
    subject: SUBJECT,
    text: `Jim retired last year, this inbox isn't monitored much anymore.${quoted()}`,
    outcome: 'wrong_person',
  },

  // ---- other ----
  {
    id: 'other-thanks',
    subject: SUBJECT,
    text: `Thanks${quoted()}`,
    outcome: 'other',
  },
  {
    id: 'other-ticket',
    subject: 'Re: A faster website for your shop [Ticket #48213]',
    autoSubmitted: true,
    text: `Thank you for contacting Greenway Vet Clinic. We have received your message and a member of our team will get back to you within 2 business days.`,
    outcome: 'other',
  },
  {
    id: 'other-who',
    subject: SUBJECT,
    text: `Who is this?${quoted()}`,
    outcome: 'other',
  },
  {
    id: 'other-received',
    subject: SUBJECT,
    text: `Received, will look at it.\n\nSent from my phone${quoted()}`,
    outcome: 'other',
  },
  {
    id: 'other-emoji',
    subject: SUBJECT,
    text: `👍${quoted()}`,
    outcome: 'other',
  },
  {
    id: 'other-empty-quote-only',
    subject: SUBJECT,
    text: quoted().trim(),
    outcome: 'other',
  },
  // ---- harder ones: short, indirect or mixed replies ----
  {
    id: 'question-opt-out-texts',
    subject: SUBJECT,
    text: `Can our customers opt out of the appointment reminder texts on the new site? That's the main thing we'd need.${quoted()}`,
    outcome: 'question',
  },
  {
    id: 'no-bare',
    subject: SUBJECT,
    text: `No.${quoted()}`,
    outcome: 'not_interested',
  },
  {
    id: 'no-reach-out-later',
    subject: SUBJECT,
    text: `Maybe in the fall. Reach out again in September.\n\nCheers,\nGail${quoted()}`,
    outcome: 'not_interested',
  },
  {
    id: 'meeting-traveling',
    subject: SUBJECT,
    text: `I'm traveling this week, can we talk next Tuesday?\n\nRon${quoted()}`,
    outcome: 'meeting_request',
  },
  {
    id: 'unsub-take-my-email-off',
    subject: SUBJECT,
    text: `Please take my email off your database.${quoted()}`,
    outcome: 'unsubscribe_request',
  },
  {
    id: 'unsub-es-borrenme',
    subject: 'RE: Una web más rápida',
    text: `Bórrenme de su base de datos, gracias.`,
    outcome: 'unsubscribe_request',
  },
  {
    id: 'wrong-no-longer-here',
    subject: SUBJECT,
    text: `She's no longer here. Try info@lakesideflorist.test${quoted()}`,
    outcome: 'wrong_person',
    referral: { email: 'info@lakesideflorist.test' },
  },
  {
    id: 'ooo-day-only',
    subject: 'Automatic reply: A faster website for your shop',
    autoSubmitted: true,
    text: `Away at a trade show, back Wed 11th. Replies will be slow until then.`,
    outcome: 'out_of_office',
    returnDate: '2026-03-11',
  },
  {
    id: 'interested-yep-proposal',
    subject: SUBJECT,
    text: `Yep go ahead and send the proposal over${quoted()}`,
    outcome: 'interested',
  },
  {
    id: 'no-de-versorgt',
    subject: 'AW: Eine schnellere Website',
    text: `Danke, aber wir sind gut versorgt.\n\nGruß, Tim`,
    outcome: 'not_interested',
  },
  {
    id: 'question-is-this-spam',
    subject: SUBJECT,
    text: `Is this spam or are you an actual local company? Where is your office?${quoted()}`,
    outcome: 'question',
  },
  {
    id: 'no-angry-caps',
    subject: SUBJECT,
    text: `NOT INTERESTED. WE GET 10 OF THESE A DAY${quoted()}`,
    outcome: 'not_interested',
  },
  // ---- a second batch, written after the rules, to measure them on replies they were not tuned on ----
  {
    id: 'b2-interested-fwd-partner',
    subject: SUBJECT,
    text: `Hi Sam, my wife and I run the place together, I'd want her to see this too. Can you send a couple of examples and a rough idea of timing? Thanks, Paul${quoted()}`,
    outcome: 'interested',
  },
  {
    id: 'b2-meeting-phone-number',
    subject: SUBJECT,
    text: `Best to reach me by phone: 555-0177. Mornings before 9 are good.\n\nRosa${quoted()}`,
    outcome: 'meeting_request',
  },
  {
    id: 'b2-question-seo',
    subject: SUBJECT,
    text: `Do you also do Google reviews management or only the website?${quoted()}`,
    outcome: 'question',
  },
  {
    id: 'b2-no-closing',
    subject: SUBJECT,
    text: `Thanks but we're closing the shop at the end of the year.${quoted()}`,
    outcome: 'not_interested',
  },
  {
    id: 'b2-unsub-gdpr',
    subject: SUBJECT,
    text: `I did not consent to receive this. Delete my data and do not email me again.${quoted()}`,
    outcome: 'unsubscribe_request',
  },
  {
    id: 'b2-unsub-fr-stop',
    subject: 'RE: Un site plus rapide',
    text: `STOP. Je ne veux plus recevoir vos mails.`,
    outcome: 'unsubscribe_request',
  },
  {
    id: 'b2-unsub-pt-lista',
    subject: 'Re: Um site mais rápido',
    text: `Tirem meu e-mail da lista de vocês, por favor.`,
    outcome: 'unsubscribe_request',
  },
  {
    id: 'b2-ooo-fr-jusquau',
    subject: 'Absence du bureau',
    autoSubmitted: true,
    text: `Bonjour, je suis en déplacement jusqu'au 13 mars inclus. Pour toute urgence : 01 23 45 67 89.`,
    outcome: 'out_of_office',
    returnDate: '2026-03-13',
  },
  {
    id: 'b2-ooo-en-long-date',
    subject: 'Automatic reply: A faster website for your shop',
    autoSubmitted: true,
    text: `Thank you for your message. The clinic is closed from Friday 6 March and reopens on Monday 16 March 2026. In an emergency please call 111.`,
    outcome: 'out_of_office',
    returnDate: '2026-03-16',
  },
  {
    id: 'b2-wrong-de-zustaendig',
    subject: 'AW: Eine schnellere Website',
    text: `Hallo, dafür bin ich nicht zuständig. Schreiben Sie bitte an marketing@moebel-kraus.test.`,
    outcome: 'wrong_person',
    referral: { email: 'marketing@moebel-kraus.test' },
  },
  {
    id: 'b2-wrong-en-owner',
    subject: SUBJECT,
    text: `I just work the front desk. The owner is Greg Hanson, greg@hansonfitness.test${quoted()}`,
    outcome: 'wrong_person',
    referral: { email: 'greg@hansonfitness.test', name: 'Greg Hanson' },
  },
  {
    id: 'b2-other-ok',
    subject: SUBJECT,
    text: `ok${quoted()}`,
    outcome: 'other',
  },
  // ---- a third batch, also written after the rules and measured before any change ----
  {
    id: 'b3-unsub-please-stop',
    subject: SUBJECT,
    text: `please stop sending me these${quoted()}`,
    outcome: 'unsubscribe_request',
  },
  {
    id: 'b3-unsub-lose-my-email',
    subject: SUBJECT,
    text: `Lose my email address please. Not interested in any of this.${quoted()}`,
    outcome: 'unsubscribe_request',
  },
  {
    id: 'b3-unsub-es-no-mas',
    subject: 'RE: Una web más rápida',
    text: `No me interesa y no quiero más correos de ustedes.`,
    outcome: 'unsubscribe_request',
  },
  {
    id: 'b3-unsub-de-werbung',
    subject: 'AW: Eine schnellere Website',
    text: `Ich verbitte mir weitere Werbemails. Bitte löschen Sie meine Adresse.`,
    outcome: 'unsubscribe_request',
  },
  {
    id: 'b3-no-stopped-ads',
    subject: SUBJECT,
    text: `We stopped doing online marketing two years ago, word of mouth is enough for us. Thanks anyway.${quoted()}`,
    outcome: 'not_interested',
  },
  {
    id: 'b3-question-remove-old-site',
    subject: SUBJECT,
    text: `If we go with you, would you remove the old site and move the domain over?${quoted()}`,
    outcome: 'question',
  },
  {
    id: 'b3-interested-es-vale',
    subject: 'RE: Una web más rápida',
    text: `Vale, adelante. Envíeme una propuesta.\n\nJosé`,
    outcome: 'interested',
  },
  {
    id: 'b3-meeting-fr-mardi',
    subject: 'RE: Un site plus rapide',
    text: `Passez me voir mardi à la boutique, on en discutera.\n\nLuc`,
    outcome: 'meeting_request',
  },
  {
    id: 'b3-ooo-de-bis',
    subject: 'Abwesenheit',
    autoSubmitted: true,
    text: `Ich bin bis einschließlich 20. März 2026 nicht erreichbar. Ihre Nachricht wird nicht weitergeleitet.`,
    outcome: 'out_of_office',
    returnDate: '2026-03-20',
  },
  {
    id: 'b3-ooo-pt-ate',
    subject: 'Ausência temporária',
    autoSubmitted: true,
    text: `Estarei ausente até 18/03. Em caso de urgência, fale com a recepção.`,
    outcome: 'out_of_office',
    returnDate: '2026-03-18',
  },
  {
    id: 'b3-wrong-es-referral',
    subject: 'RE: Una web más rápida',
    text: `Buenas, esa cuenta ya no la lleva nadie. Para temas de la web hable con Diego Ruiz (diego@tallerruiz.test).`,
    outcome: 'wrong_person',
    referral: { email: 'diego@tallerruiz.test', name: 'Diego Ruiz' },
  },
  {
    id: 'b3-other-auto-ack',
    subject: 'Re: A faster website for your shop',
    autoSubmitted: true,
    text: `This mailbox is checked once a week. For bookings please use our website.`,
    outcome: 'other',
  },
];
