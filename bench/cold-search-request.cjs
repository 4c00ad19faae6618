'use strict';
// autocannon setupRequest (runs in the load generator's worker thread): the same search with the
// origin moved by a different millionth of a millimetre each time, so that no request repeats an
// earlier one and the server's query-result cache never answers (the trips found stay the same).
const base = process.env.BENCH_COLD_PATH;
const originLat = Number(process.env.BENCH_COLD_ORIGIN_LAT);
let counter = 0;

module.exports = function setupRequest(request) {
  counter += 1;
  request.path = `${base}&origin_lat=${(originLat + counter * 1e-9).toFixed(9)}`;
  return request;
};
