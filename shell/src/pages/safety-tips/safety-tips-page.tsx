import {
  DUPLICATE_MESSAGE_WINDOW_MS,
  MESSAGES_PER_MINUTE,
  NEW_ACCOUNT_CONVERSATIONS_PER_DAY,
} from '@carmarket/shared';
import { allScamSignals } from '@carmarket/shared/safety';
import { Card, PageContainer } from '@carmarket/shared/ui';
import styled from 'styled-components';

const Sections = styled.div`
  display: grid;
  gap: 1.5rem;
`;

const Checks = styled.dl`
  display: grid;
  gap: 0.75rem;
  margin: 0;

  dt {
    font-weight: 600;
  }

  dd {
    margin: 0.125rem 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Tips = styled.ul`
  display: grid;
  gap: 0.5rem;
  margin: 0;
  padding-left: 1.25rem;
`;

/** The footer's Safety Tips: what CarMarket checks in messages, and what buyers and sellers should do. */
export default function SafetyTipsPage() {
  return (
    <PageContainer>
      <Sections>
        <header>
          <h1>Safety Tips</h1>
          <p>
            Most people buying and selling cars are honest. Scams follow a few well-known patterns, so knowing
            them is the best protection. Here is what CarMarket checks for you, and what you can do.
          </p>
        </header>

        <Card as="section" aria-labelledby="what-we-check">
          <h2 id="what-we-check">What CarMarket checks in messages</h2>
          <p>
            Every message is checked as it is sent. It is still delivered, but when it contains one of these
            patterns the person receiving it sees a warning saying what was found and why it matters.
          </p>
          <Checks>
            {allScamSignals().map((signal) => (
              <div key={signal.kind}>
                <dt>{signal.label}</dt>
                <dd>{signal.reason}</dd>
              </div>
            ))}
          </Checks>
          <p>
            Accounts less than a day old can start at most {NEW_ACCOUNT_CONVERSATIONS_PER_DAY} conversations,
            nobody can send more than {MESSAGES_PER_MINUTE} messages a minute, and the same text sent to many
            sellers within {DUPLICATE_MESSAGE_WINDOW_MS / 60_000} minutes is held.
          </p>
        </Card>

        <Card as="section" aria-labelledby="for-buyers">
          <h2 id="for-buyers">If you are buying</h2>
          <Tips>
            <li>See the car in person, in daylight, before any money changes hands.</li>
            <li>Never pay a deposit to &quot;hold&quot; a car you have not seen.</li>
            <li>
              Never pay by wire transfer, gift cards, crypto, Zelle, Cash App or Venmo to someone you have not
              met: that money cannot be recovered.
            </li>
            <li>
              Be wary of sellers who are deployed, overseas or otherwise away and offer to ship the car, or
              who want to use an escrow or &quot;buyer protection&quot; service.
            </li>
            <li>
              Check that the name on the title matches the seller&apos;s ID, and that the VIN matches the car.
            </li>
            <li>Bring a mechanic or have a pre-purchase inspection done at a shop you choose.</li>
            <li>Meet in a busy public place, such as a police station&apos;s safe-exchange spot.</li>
          </Tips>
        </Card>

        <Card as="section" aria-labelledby="for-sellers">
          <h2 id="for-sellers">If you are selling</h2>
          <Tips>
            <li>Keep the conversation on CarMarket until you meet; do not share codes sent to your phone.</li>
            <li>
              Refuse offers to pay more than your price and send back the difference: the check will bounce.
            </li>
            <li>Accept cash or a cashier&apos;s check verified at the buyer&apos;s bank, in person.</li>
            <li>Do not hand over the keys or the title until the payment has cleared.</li>
            <li>Go on test drives with the buyer, after seeing their driver&apos;s license.</li>
          </Tips>
        </Card>

        <Card as="section" aria-labelledby="if-something-is-wrong">
          <h2 id="if-something-is-wrong">If something feels wrong</h2>
          <p>
            Stop answering and block the user from the conversation. If you lost money, contact your bank at
            once and report the fraud to the FTC at reportfraud.ftc.gov.
          </p>
        </Card>
      </Sections>
    </PageContainer>
  );
}
