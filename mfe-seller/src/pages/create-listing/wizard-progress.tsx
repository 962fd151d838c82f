import styled from 'styled-components';
import { STEPS } from './listing-draft';

const Steps = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  margin: ${({ theme }) => `${theme.space.md} 0`};
  padding: 0;
  list-style: none;
`;

const StepItem = styled.li`
  flex: 1 1 8rem;
`;

const stepLook = `
  display: block;
  width: 100%;
  padding: 0.5rem 0.75rem;
  border: 0;
  border-top: 4px solid;
  font: inherit;
  font-size: 0.875rem;
  text-align: left;
  background: transparent;
`;

const DoneStep = styled.button`
  ${stepLook}
  border-color: ${({ theme }) => theme.colors.tones.primary.background};
  color: ${({ theme }) => theme.colors.link};
  text-decoration: underline;
  cursor: pointer;
`;

const CurrentStep = styled.span`
  ${stepLook}
  border-color: ${({ theme }) => theme.colors.tones.primary.background};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 700;
`;

const LaterStep = styled.span`
  ${stepLook}
  border-color: ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The six steps; finished ones are buttons that jump back, later ones cannot be reached from here. */
export function WizardProgress({ step, onJump }: { step: number; onJump: (step: number) => void }) {
  return (
    <nav aria-label="Listing steps">
      <Steps>
        {STEPS.map((name, index) => {
          const label = `${index + 1}. ${name}`;
          return (
            <StepItem key={name}>
              {index < step ? (
                <DoneStep type="button" onClick={() => onJump(index)}>
                  {label}
                </DoneStep>
              ) : index === step ? (
                <CurrentStep aria-current="step">{label}</CurrentStep>
              ) : (
                <LaterStep>{label}</LaterStep>
              )}
            </StepItem>
          );
        })}
      </Steps>
    </nav>
  );
}
