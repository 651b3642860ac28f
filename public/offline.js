// Offline use: registers the service worker (sw.js, made by scripts/offline.mjs for each
// build) and, when a new version has been fetched in the background, says so and reloads on
// a tap. The app adds this script once the page is drawn and idle (the install offer, which
// may come sooner, is kept by start.js).

if ('serviceWorker' in navigator) {
  const offer = (waiting) => {
    if (document.getElementById('update-ready')) return;
    const note = document.createElement('div');
    note.id = 'update-ready';
    note.className = 'notice update';
    note.setAttribute('role', 'status');
    note.innerHTML = '<p>A new version of Dicetray is ready.</p>';
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'small';
    button.textContent = 'Reload to update';
    button.addEventListener('click', () => {
      asked = true;
      waiting.postMessage('skip-waiting');
    });
    note.append(button);
    document.body.prepend(note);
  };
  // Reload only when the player asked for the update: the first install also changes the
  // controller, and must not reload the page under them.
  let asked = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (asked) {
      asked = false;
      location.reload();
    }
  });
  // Added once the page is idle, so after its load: registering now competes with nothing.
  const register = async () => {
    try {
      const registration = await navigator.serviceWorker.register('./sw.js');
      if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const worker = registration.installing;
        worker?.addEventListener('statechange', () => {
          if (worker.state === 'installed' && navigator.serviceWorker.controller) offer(worker);
        });
      });
    } catch {
      // No service worker (a private window, a file:// page): the app works online only.
    }
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
}
