// Starts the test server on a free port for the whole run (dist/ at the root and under
// /dicetray/) and hands its address to the test workers, which start after this, in
// $DICETRAY_ORIGIN. A free port, not a fixed one, so runs side by side never collide.
import { startServer } from './server.mjs';

export default async function globalSetup() {
  const { server, origin } = await startServer(0);
  process.env.DICETRAY_ORIGIN = origin;
  return () => new Promise((resolve) => server.close(resolve));
}
