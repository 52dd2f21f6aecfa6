// The table companion's service worker (served at /sw.js, scope /g/; registered by static/app.js
// from a game page). Its one job: a phone that reloads or reopens a game while the server cannot
// be reached sees the last view of that game it got, with a banner saying so, instead of the
// browser's error page.
//
// - A game page (/g/<link>) is asked from the network first, always; each page the server gives
//   is kept in Cache Storage on this phone under its own address, so a play link and a watch
//   link each keep their own page, and no other game's or phone's page can stand for it. The
//   last KEEP pages are kept; an older one is forgotten. (The page first opened before the
//   worker took charge is asked for once more, by the worker, to be kept.)
// - When the network fails for a page opened in the browser (or a proxy in front of the server
//   says the server does not answer: 502, 504), the kept page is shown with the
//   time it was kept written into its banner (data-kept-at); static/app.js then shows the
//   banner, sends no taps from it and reloads as soon as the server answers again.
// - Taking or leaving a seat forgets the game's kept page: what is kept is always the view of
//   this phone's current seat.
// - The script, style sheet and icons a kept page links to are kept too (the last copy of each
//   file: a page kept before an update of the script gets the newer one).
// - Nothing else is touched: taps, the version check and every other page go to the server as
//   they would without this worker. It asks nothing of any other address.
//
// A new VERSION (when what is kept changes shape) starts empty caches and deletes the old ones.
"use strict";

var VERSION = "v1";
var PREFIX = "companion-";
var PAGES = PREFIX + "pages-" + VERSION;
var FILES = PREFIX + "files-" + VERSION;
var KEEP = 5;
var KEPT_AT = "X-Kept-At";
var MARK = 'data-kept-at=""';
var LINK = /^[A-Za-z0-9_-]+$/;
var LINKED = /(?:src|href)="([^"]+)"/g;
// A proxy's answers for a server behind it that does not answer (HTTPS, which service workers
// need, usually comes from a proxy in front of the app).
var UNREACHED = [502, 504];

var scope = new URL(self.registration.scope);
var statics = new URL("../static/", scope).pathname;

self.addEventListener("install", function () { self.skipWaiting(); });

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf(PREFIX) === 0 && name !== PAGES && name !== FILES;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

// The game link of a game page's address (/g/<link>), else null.
function gameLink(url) {
  if (url.origin !== scope.origin || url.pathname.indexOf(scope.pathname) !== 0) { return null; }
  var rest = url.pathname.slice(scope.pathname.length);
  return LINK.test(rest) ? rest : null;
}

// The address a game's page is kept under: the page without its query.
function pageKey(link) { return scope.origin + scope.pathname + link; }

self.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url);
  if (url.origin !== scope.origin) { return; }
  if (request.method === "POST") {
    var seat = /^([A-Za-z0-9_-]+)\/seat$/.exec(url.pathname.slice(scope.pathname.length));
    if (url.pathname.indexOf(scope.pathname) === 0 && seat) {
      event.waitUntil(caches.open(PAGES).then(function (c) { return c.delete(pageKey(seat[1])); }));
    }
    return;
  }
  if (request.method !== "GET") { return; }
  var link = gameLink(url);
  if (link) {
    event.respondWith(gamePage(event, request, link));
  } else if (url.pathname.indexOf(statics) === 0) {
    event.respondWith(staticFile(event, request, url));
  }
});

// A page that came before the worker took charge of it (the first visit) asks to be kept: it is
// asked again, as the page would be, and kept (a game page's address of this scope only).
self.addEventListener("message", function (event) {
  var url = event.data && typeof event.data.keep === "string" ? new URL(event.data.keep) : null;
  var link = url && gameLink(url);
  if (!link) { return; }
  event.waitUntil(fetch(url.origin + url.pathname, {credentials: "same-origin", cache: "no-store"})
    .then(function (response) { if (keepable(response)) { return keep(link, response); } })
    .catch(function () { /* not reached: nothing kept */ }));
});

// Network first; a page the server gave is kept. Offline, a page opened in the browser gets the
// kept one (the page's own script refreshing the game gets the failure, and says "reconnecting").
function gamePage(event, request, link) {
  return fetch(request).then(function (response) {
    if (keepable(response)) {
      event.waitUntil(keep(link, response.clone()));
    } else if (request.mode === "navigate" && UNREACHED.indexOf(response.status) >= 0) {
      return keptPage(link).then(function (page) { return page || response; });
    }
    return response;
  }, function (failure) {
    if (request.mode !== "navigate") { throw failure; }
    return keptPage(link).then(function (page) {
      if (!page) { throw failure; }
      return page;
    });
  });
}

function keepable(response) {
  return response.status === 200 && response.type === "basic" && !response.redirected &&
    (response.headers.get("Content-Type") || "").indexOf("text/html") === 0;
}

function keep(link, response) {
  return response.text().then(function (html) {
    var headers = new Headers(response.headers);
    headers.set(KEPT_AT, String(Date.now()));
    var copy = new Response(html, {status: 200, statusText: response.statusText,
                                   headers: headers});
    return caches.open(PAGES).then(function (cache) {
      // delete first: the page moves to the end of the cache's order (most recent)
      return cache.delete(pageKey(link))
        .then(function () { return cache.put(pageKey(link), copy); })
        .then(function () { return cache.keys(); })
        .then(function (keys) {
          return Promise.all(keys.slice(0, Math.max(keys.length - KEEP, 0))
            .map(function (old) { return cache.delete(old); }));
        });
    }).then(function () { return keepLinkedFiles(html); });
  });
}

// The app's own files a page links to (its script, style sheet, icons), each fetched unless
// this very copy (same ?v=) is kept already.
function keepLinkedFiles(html) {
  var urls = [], found;
  LINKED.lastIndex = 0;
  while ((found = LINKED.exec(html)) !== null) {
    var url = new URL(found[1].replace(/&amp;/g, "&"), scope);
    if (url.origin === scope.origin && url.pathname.indexOf(statics) === 0 &&
        urls.indexOf(url.href) < 0) { urls.push(url.href); }
  }
  return caches.open(FILES).then(function (cache) {
    return Promise.all(urls.map(function (url) {
      return cache.match(url).then(function (had) {
        if (had) { return null; }
        return fetch(url).then(function (r) { return keepFile(cache, url, r); })
          .catch(function () { /* not reached: the page's own fetch may keep it later */ });
      });
    }));
  });
}

// One copy per file: another ?v= of it is replaced.
function keepFile(cache, url, response) {
  if (response.status !== 200 || response.type !== "basic") { return null; }
  return cache.delete(url, {ignoreSearch: true})
    .then(function () { return cache.put(url, response); });
}

// The kept page with the time it was kept written into its banner's mark, or null.
function keptPage(link) {
  return caches.open(PAGES).then(function (cache) { return cache.match(pageKey(link)); })
    .then(function (kept) {
      if (!kept) { return null; }
      return kept.text().then(function (html) {
        var at = String(parseInt(kept.headers.get(KEPT_AT), 10) || 0);
        return new Response(html.replace(MARK, 'data-kept-at="' + at + '"'),
                            {status: 200, headers: kept.headers});
      });
    });
}

// The page's script, style sheet and icons: the network's copy (kept, one per file), else the
// kept one (whatever its ?v=).
function staticFile(event, request, url) {
  return fetch(request).then(function (response) {
    var copy = response.clone();
    event.waitUntil(caches.open(FILES).then(function (c) { return keepFile(c, url.href, copy); }));
    return response;
  }, function (failure) {
    return caches.open(FILES).then(function (c) { return c.match(url.href, {ignoreSearch: true}); })
      .then(function (kept) { if (!kept) { throw failure; } return kept; });
  });
}
