import { frontEndJest } from '../jest.base.js';

export default frontEndJest('mfe-listings');
