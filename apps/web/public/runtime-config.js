/* global window */
// Runtime configuration of the web app. Production replaces this file to point the same build at
// another API. apiUrl: base URL of the provider API without a trailing slash; '' = same origin.
window.__CARPOOL__ = { apiUrl: '' };
