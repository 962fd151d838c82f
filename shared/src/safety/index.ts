// The scam detector, for the server (checks every message) and the front ends' pages that warn
// (the composer's nudge, the warnings, the safety tips page). Stateless, so every bundle that uses it
// keeps its own copy of just what it calls, and first paint does not carry it.
export * from './scam-detector.js';
