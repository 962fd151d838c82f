// The catalogue's public surface for other features: the make, model and trim lists as hooks.
export { useAllMakes } from './api/get-makes';
export { useAllModels } from './api/get-models';
export { useAllTrims } from './api/get-trims';
