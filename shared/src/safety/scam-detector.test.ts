import { describe, expect, it } from '@jest/globals';
import {
  containsContactDetails,
  detectScamKinds,
  detectScamSignals,
  type ScamSignalKind,
} from './scam-detector.js';

/**
 * Messages as buyers, sellers and scammers write them, with the kinds each must raise. The innocent
 * ones are full of the numbers car talk is made of (prices, years, mileage, ZIP codes, VINs, times,
 * engine sizes): none of them may raise anything.
 */
const SCAMS: readonly (readonly [message: string, kinds: readonly ScamSignalKind[]])[] = [
  ["can you text me at 512-555-0199, I'll send a deposit by gift card", ['phone', 'deposit', 'gift-card']],
  ['Call me (713) 555-0142 for more info', ['phone']],
  ['my number is 512.555.0199 text me', ['phone']],
  ['Reach me on +1 415 555 0123 anytime', ['phone']],
  ['text 5125550199 if still interested', ['phone']],
  ['Email me at john.smith77@gmail.com and I will send pictures', ['email']],
  ['contact me at carsales (at) yahoo (dot) com', ['email']],
  ['write to mike_d at gmail, I rarely check this app', ['email']],
  ['See the full history here: https://vehicle-history-check.xyz/report?id=88', ['link']],
  ['more pics at www.bestautodeals4u.com', ['link']],
  ['Get the report from carfaxreports.online before we talk', ['link']],
  ['Add me on WhatsApp please, I am not always on here', ['off-platform']],
  ['Message me on telegram @carguy', ['off-platform']],
  ['I need to verify you are real, what is the 6 digit code I just sent you?', ['off-platform']],
  ['Send me the Google Voice verification code', ['off-platform']],
  ['I have many buyers, send a $500 deposit to hold it', ['deposit']],
  ['A holding fee of $300 upfront is required', ['deposit']],
  ['Pay the deposit first and I will reserve the car for you', ['deposit']],
  ['Please wire transfer the full amount to my account', ['wire-transfer']],
  ['Payment via Western Union only', ['wire-transfer']],
  ['Just Zelle me $200 and it is yours', ['wire-transfer']],
  ['I accept Cash App or Venmo', ['wire-transfer']],
  ['Can you pay in bitcoin?', ['wire-transfer']],
  ['Send it through PayPal friends and family so there are no fees', ['wire-transfer']],
  ['I will pay with Steam cards', ['gift-card']],
  ['Buy 4 Google Play cards of $100 and send me the codes', ['gift-card']],
  ['I can only accept Apple gift cards', ['gift-card']],
  ['The car is already at the shipping company, they deliver in 3 days', ['shipping']],
  ['I will have it shipped to you, you pay the shipper on arrival', ['shipping']],
  ['My transport company will bring it to your door', ['shipping']],
  ['We will use eBay Motors escrow so you are protected', ['escrow']],
  ['The transaction is covered by Amazon Payments buyer protection', ['escrow']],
  ['Google Wallet will hold the money until you receive it', ['escrow']],
  ['I will send a cashier check for $9,000, please refund the difference to my mover', ['overpayment']],
  ['I can pay you more than the asking price if you send me back the extra', ['overpayment']],
  ['I am deployed right now so I cannot show the car', ['away-story']],
  ['My husband is currently deployed and we need to sell fast', ['away-story']],
  ['I moved overseas for work, the car is in storage', ['away-story']],
  ['I work on an oil rig and will be back in 6 weeks', ['away-story']],
  [
    'I am out of the country, the car will be shipped by eBay. Send the deposit by wire transfer',
    ['deposit', 'wire-transfer', 'shipping', 'away-story'],
  ],
];

const INNOCENT: readonly string[] = [
  'Is this still available?',
  'Hi, I am interested in the 2014 Honda Civic. Is the price of $8,500 negotiable?',
  'Would you take $7,200 cash?',
  'How many miles are on it? The ad says 128,000.',
  'It has 98000 miles, mostly highway.',
  'Can I see it Saturday at 10:30 am?',
  'I am in ZIP 78704, about 15 miles from you.',
  'The VIN is 1HGCM82633A004352, I ran it already.',
  'Timing belt was replaced at 105,000 miles in 2021.',
  'Does the 2.4L engine burn oil?',
  'I can meet at the police station parking lot on 5th street.',
  'My budget is between 6000 and 9000 dollars.',
  'Any accidents? The airbags never deployed?',
  'The airbag was never deployed, clean title.',
  'It is a 2009 model with 142,350 miles and new tires from 2023.',
  'Would you do 6500 if I pick it up tomorrow?',
  'I will bring a mechanic to do a pre-purchase inspection.',
  'Do you have the title in hand?',
  'Can we do the sale at my bank so the cashier check is verified?',
  'The trailer hitch is wired for a 4 pin connector.',
  'I can pay cash when I see it.',
  'Thanks, see you at 3pm on the 14th!',
  'Is there any rust underneath? Winters here are rough.',
  'What is the lowest you would go? I was thinking 4,800.',
  'I have been looking for a 2012-2015 Corolla for months.',
  'Oil change every 5,000 miles, all records available.',
  'Sorry for the late reply, I was at work until 6.',
  'Is the 6 speed manual or automatic?',
  'Great, I will bring my license and proof of insurance.',
  'Price drop to $5,999 this week only.',
];

describe('detectScamSignals', () => {
  it.each(SCAMS)('flags %j', (message, kinds) => {
    expect(detectScamKinds(message).sort()).toEqual([...kinds].sort());
  });

  it.each(INNOCENT)('leaves %j alone', (message) => {
    expect(detectScamKinds(message)).toEqual([]);
  });

  it('holds a corpus of at least 60 messages', () => {
    expect(SCAMS.length + INNOCENT.length).toBeGreaterThanOrEqual(60);
  });

  it('says what was found and why it matters', () => {
    const [signal] = detectScamSignals('Please pay with gift cards');
    expect(signal).toEqual({
      kind: 'gift-card',
      label: 'Payment by gift card',
      reason: expect.stringContaining('always a scam'),
    });
  });
});

describe('containsContactDetails', () => {
  it.each([
    'call me at 512-555-0199',
    'my email is ann@example.org',
    'details on www.example.com',
    'add me on WhatsApp',
  ])('is true for %j', (message) => {
    expect(containsContactDetails(message)).toBe(true);
  });

  it.each(['I can send a deposit by gift card', 'Is $8,500 firm for the 2014 with 98,000 miles?'])(
    'is false for %j',
    (message) => {
      expect(containsContactDetails(message)).toBe(false);
    },
  );
});
