/** Azurite as the tests' blob store: started by scripts/azurite.mjs, which the bench shares. */
export { startAzurite, type Azurite } from '../../scripts/azurite.mjs';
