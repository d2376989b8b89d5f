/**
 * Loaded first into the auth emulator's process (`node --import`, set by startAuthEmulator in processes.ts).
 * The emulator checks every request and answer against its OpenAPI description through exegesis, which by
 * default compiles a validator for every schema of every operation before the emulator listens: about 6 s of
 * CPU on these machines, most of the emulator's start. exegesis's own option `lazyCompileValidationSchemas`
 * compiles each validator when its operation is first called instead; the checks are the same. The emulator
 * does not expose the option, so it is set here on the exegesis module the emulator loads.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const require = createRequire(import.meta.url);
const tools = dirname(require.resolve('firebase-tools/package.json'));
const options = require(require.resolve('exegesis/lib/options.js', { paths: [tools] }));
const compileOptions = options.compileOptions;
options.compileOptions = (given) => compileOptions({ lazyCompileValidationSchemas: true, ...given });
