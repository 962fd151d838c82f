export {
  decodeVin,
  isConsistentVin,
  isVerifiedListing,
  isValidVin,
  vinCheckDigit,
  vinContradictions,
  vinModelYear,
  vinYearCode,
  type DecodedVin,
} from './vin.js';
export { lookUpWmi, wmisForMake, type WmiEntry } from './wmi.js';
