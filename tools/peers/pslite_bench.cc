// SPDX-License-Identifier: MIT
// The peer taups is measured against: ps-lite (github.com/dmlc/ps-lite) with
// one key of SIZE/4 floats, one worker and one server on loopback, the same
// operations as taups-bench (push, pull, push then pull, one in flight; 64
// pushes in flight at 64 B). The server applies each push with a pass over
// the values (times 0, as taups-bench's shards run with lr 0) and answers
// pulls with what it holds. Built and run by tools/peers/pslite.sh; prints
// one JSON object per measurement (the keys tools/bench-speed.sh reads).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <vector>
#include "ps/ps.h"
using namespace ps;

static std::vector<float> store;

static void Handler(const KVMeta &m, const KVPairs<float> &d, KVServer<float> *s) {
  KVPairs<float> res;
  if (m.push) {
    if (store.size() != d.vals.size()) store.assign(d.vals.size(), 0);
    for (size_t i = 0; i < d.vals.size(); i++) store[i] += d.vals[i] * 0.0f;
  } else {
    res.keys = d.keys;
    res.vals.CopyFrom(store.data(), store.size());
    res.lens.push_back((int)store.size());
  }
  s->Response(m, res);
}

static double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

static void run(KVWorker<float> &kv, const char *op, size_t bytes, int inflight, double secs) {
  size_t n = bytes / 4;
  SArray<Key> keys(1, 1);
  SArray<float> vals(n, 0.5f);
  SArray<int> lens(1, (int)n);
  SArray<float> out;
  std::string o(op);
  bool push = o == "push" || o == "pushpull";
  bool pull = o == "pull" || o == "pushpull";
  auto one = [&]() {
    if (push) kv.Wait(kv.ZPush(keys, vals, lens));
    if (pull) { SArray<int> ol; kv.Wait(kv.ZPull(keys, &out, &ol)); }
  };
  // warm-up, and make sure the server holds n values for pulls
  kv.Wait(kv.ZPush(keys, vals, lens));
  for (int i = 0; i < 3; i++) one();
  std::vector<double> lat;
  double t0 = now(), t = t0;
  uint64_t ops = 0;
  if (inflight <= 1) {
    while (t - t0 < secs || ops < 20) {
      double a = now(); one(); t = now();
      lat.push_back(t - a); ops++;
    }
  } else {
    std::deque<std::pair<int, double>> q;
    while (t - t0 < secs) {
      if ((int)q.size() == inflight) {
        kv.Wait(q.front().first); t = now();
        lat.push_back(t - q.front().second); q.pop_front(); ops++;
      }
      q.push_back({kv.ZPush(keys, vals, lens), now()});
    }
    while (!q.empty()) { kv.Wait(q.front().first); q.pop_front(); }
  }
  std::sort(lat.begin(), lat.end());
  double el = t - t0;
  printf("{\"op\": \"%s\", \"size_bytes\": %zu, \"inflight\": %d, \"ops_per_s\": %.1f, "
         "\"goodput_bytes_per_s\": %.1f, \"lat_p50_us\": %.2f, \"lat_p99_us\": %.2f}\n",
         op, bytes, inflight, ops / el, ops * (double)bytes * (o == "pushpull" ? 2 : 1) / el,
         lat[lat.size() / 2] * 1e6, lat[lat.size() * 99 / 100] * 1e6);
  fflush(stdout);
}

int main(int argc, char **argv) {
  Start(0);
  if (IsServer()) {
    auto server = new KVServer<float>(0);
    server->set_request_handle(Handler);
    RegisterExitCallback([server]() { delete server; });
  }
  if (IsWorker()) {
    KVWorker<float> kv(0, 0);
    double secs = getenv("SECS") ? atof(getenv("SECS")) : 1.0;
    for (int i = 1; i < argc; i++) {
      size_t b = strtoull(argv[i], nullptr, 10);
      run(kv, "push", b, 1, secs);
      run(kv, "pull", b, 1, secs);
      run(kv, "pushpull", b, 1, secs);
      if (b <= 64) run(kv, "push", b, 64, secs);
    }
  }
  Finalize(0, true);
  return 0;
}
