// Front-end tests wait for what appears after a lazy chunk or a request: on a busy 2-core machine
// that takes longer than Testing Library's default second, so its finders wait up to five.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5000 });
