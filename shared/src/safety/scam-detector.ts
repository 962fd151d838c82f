/**
 * The scam detector: which patterns that buyer–seller scams rely on a message contains. Pure and
 * local (no external service), so the server checks every message as it is sent and the composer can
 * nudge the sender with the very same rules before contact details leave the site.
 *
 * Each rule is a kind with the words shown to the recipient: `label` says what was found, `reason`
 * why it matters. Rules lean towards precision: an innocent message full of numbers (prices, years,
 * mileage, ZIP codes, VINs) must not be flagged, so a phone number needs a phone's shape and money
 * words only count next to a payment method or a request. The corpus in scam-detector.test.ts
 * documents what each rule catches and what it leaves alone; add to it when a rule changes.
 */

export type ScamSignalKind =
  | 'phone'
  | 'email'
  | 'link'
  | 'off-platform'
  | 'deposit'
  | 'wire-transfer'
  | 'gift-card'
  | 'shipping'
  | 'escrow'
  | 'overpayment'
  | 'away-story';

export interface ScamSignal {
  kind: ScamSignalKind;
  /** What was found, as the recipient reads it. */
  label: string;
  /** Why it matters. */
  reason: string;
}

interface Rule extends ScamSignal {
  patterns: readonly RegExp[];
}

// A US/Canadian phone number: optional +1, area code (maybe in parentheses), 3 + 4 digits, with
// spaces, dots or dashes between groups or none. Letters or digits right before, digits after, rule
// out longer numbers (VINs, prices written without commas); commas never separate phone digits, so
// "85,000" and "$12,500" never match.
const PHONE = /(?<![\w$])(?:\+?1[\s.-]?)?(?:\(\d{3}\)\s?|\d{3}[\s.-]?)\d{3}[\s.-]?\d{4}(?!\d)/;
const EMAIL = /[a-z0-9._%+-]+\s*(?:@|\(at\)|\[at\])\s*[a-z0-9-]+(?:\s*(?:\.|\(dot\)|\[dot\])\s*[a-z]{2,})+/i;
const SPELLED_EMAIL = /\b[a-z0-9._-]+\s+at\s+(?:gmail|yahoo|hotmail|outlook|aol|icloud|proton(?:mail)?)\b/i;
const URL =
  /\bhttps?:\/\/|\bwww\.[a-z0-9-]+|(?<![@\w.-])[a-z0-9-]{2,}\.(?:com|net|org|info|biz|xyz|io|site|online|top)\b/i;

const RULES: readonly Rule[] = [
  {
    kind: 'phone',
    label: 'A phone number',
    reason:
      'Scammers move buyers and sellers off CarMarket, where messages are no longer checked and blocking no longer protects you.',
    patterns: [PHONE],
  },
  {
    kind: 'email',
    label: 'An email address',
    reason:
      'Scammers move conversations to email to send fake payment notices and invoices that look official.',
    patterns: [EMAIL, SPELLED_EMAIL],
  },
  {
    kind: 'link',
    label: 'A link',
    reason:
      'Links in messages can lead to fake payment, vehicle-history or shipping sites that steal card details or passwords.',
    patterns: [URL],
  },
  {
    kind: 'off-platform',
    label: 'A request to talk on another app',
    reason:
      'Moving to WhatsApp, Telegram or asking for a verification code is a common first step of account and payment scams.',
    patterns: [
      /\b(?:whats\s?app|telegram|signal app|wechat|kik|google voice)\b/i,
      /\b(?:verification|verify|6[\s-]?digit)\s+code\b/i,
    ],
  },
  {
    kind: 'deposit',
    label: 'A request for a deposit',
    reason:
      'Paying to "hold" a car you have not seen is the most common way buyers lose money. Pay only after you have seen the car and its title.',
    patterns: [
      /\b(?:send|pay|wire|transfer|zelle|venmo|need|require|want|ask(?:ing)? for)\b[^.!?\n]{0,40}\b(?:deposit|down payment|holding fee|reservation fee)\b/i,
      /\b(?:deposit|holding fee|reservation fee)\b[^.!?\n]{0,30}\b(?:to hold|to reserve|before|first|by|via|through|upfront|up front)\b/i,
    ],
  },
  {
    kind: 'wire-transfer',
    label: 'A wire transfer or instant payment app',
    reason:
      'Wire transfers, Zelle, Cash App, Venmo, crypto and Western Union cannot be reversed: once sent, the money is gone.',
    patterns: [
      // "wired" alone is wiring (a hitch, a stereo): only money that is wired counts.
      /\b(?:wire\s+(?:transfer|the money|the funds|the payment|payment|you|me|it)|bank transfer|western union|moneygram|money gram|zelle|cash\s?app|venmo|bitcoin|btc|crypto(?:currency)?|usdt)\b/i,
      /\bwired?\b[^.!?\n]{0,20}\b(?:money|funds|payment)\b/i,
      /\bpaypal\b[^.!?\n]{0,20}\bfriends\b/i,
    ],
  },
  {
    kind: 'gift-card',
    label: 'Payment by gift card',
    reason: 'No real seller or buyer pays with gift cards. Asking for them is always a scam.',
    patterns: [/\bgift\s?cards?\b/i, /\b(?:itunes|google play|steam|vanilla)\s+cards?\b/i],
  },
  {
    kind: 'shipping',
    label: 'Shipping the car',
    reason:
      'Offers to ship a car you have not seen, through a "shipping company" you pay, are how non-existent cars are sold.',
    patterns: [
      /\b(?:ship(?:ped|ping|per)?|freight|transport(?:ation)?\s+company|delivery\s+(?:agent|company))\b/i,
    ],
  },
  {
    kind: 'escrow',
    label: 'An escrow or "buyer protection" service',
    reason:
      'Fake escrow sites and "eBay / Amazon / Google buyer protection" programs are used to collect payments that never reach a real seller.',
    patterns: [
      /\bescrow\b/i,
      /\b(?:buyer|vehicle purchase|purchase)\s+protection\b/i,
      /\b(?:ebay|amazon|google)\s+(?:motors\s+)?(?:payments?|wallet|agent)\b/i,
    ],
  },
  {
    kind: 'overpayment',
    label: 'An offer to pay more than the price',
    reason:
      'Overpaying with a check and asking for the difference back is a classic scam: the check bounces days later.',
    patterns: [
      /\b(?:refund|return|send(?: me)?(?: back)?|wire)\b[^.!?\n]{0,20}\b(?:the )?(?:difference|balance|extra|excess)\b/i,
      /\b(?:pay|send|check for)\b[^.!?\n]{0,20}\bmore than\b[^.!?\n]{0,20}\b(?:price|asking)\b/i,
    ],
  },
  {
    kind: 'away-story',
    label: 'A story about being away',
    reason:
      'Sellers who are "deployed", "overseas" or "working on an oil rig" and cannot show the car usually do not have one.',
    patterns: [
      // "deployed" only about a person: "the airbags never deployed" is a good sign, not a story.
      /\b(?:i am|i'm|im|i was|i've been|ive been|(?:he|she|husband|wife|son|daughter|brother)(?: is|'s| was))\s+(?:\w+\s+)?deployed\b/i,
      /\b(?:deployment|overseas|abroad|oil rig|offshore|out of the country|peace ?keeping mission)\b/i,
    ],
  },
];

/** Every pattern the detector looks for, for the safety tips page. */
export function allScamSignals(): ScamSignal[] {
  return RULES.map(({ kind, label, reason }) => ({ kind, label, reason }));
}

/** Every scam pattern the message contains, once per kind, in the order of RULES. */
export function detectScamSignals(text: string): ScamSignal[] {
  return RULES.filter((rule) => rule.patterns.some((pattern) => pattern.test(text))).map(
    ({ kind, label, reason }) => ({ kind, label, reason }),
  );
}

/** The kinds found, for storing and sending over the wire; the words come from `scamSignal`. */
export function detectScamKinds(text: string): ScamSignalKind[] {
  return detectScamSignals(text).map((signal) => signal.kind);
}

export function scamSignal(kind: ScamSignalKind): ScamSignal {
  const { label, reason } = RULES.find((rule) => rule.kind === kind)!;
  return { kind, label, reason };
}

const CONTACT_KINDS: readonly ScamSignalKind[] = ['phone', 'email', 'link', 'off-platform'];

/** Whether the text shares a way to reach someone outside CarMarket: the sender is nudged first. */
export function containsContactDetails(text: string): boolean {
  return detectScamKinds(text).some((kind) => CONTACT_KINDS.includes(kind));
}
