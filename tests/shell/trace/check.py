#!/usr/bin/env python3
"""Checks a trace written with HIPC_TRACE (README "Timeline") against the
Chrome trace event format and against what the traced program says it did.

    check.py TRACE.json EXPECTED.json
    check.py TRACE.json              (the format alone, for any program)

EXPECTED is what tests/shell/trace/timeline.hip prints: kernels by name
with their counts and streams, copies by kind, fills, API calls by name,
roctx ranges with their levels, marks, async ranges, host threads.
Prints each failed check; exits 0 when there is none."""
import json
import sys
from collections import Counter, defaultdict

EPS = 0.002  # microseconds: ts and dur are written with 3 decimals

failures = []


def fail(msg):
    failures.append(msg)
    print("FAIL:", msg)


def is_num(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def check_schema(events):
    """The members every event of its phase must have."""
    for i, e in enumerate(events):
        where = "event %d (%s)" % (i, json.dumps(e)[:120])
        if not isinstance(e, dict):
            fail(where + ": not an object")
            continue
        ph = e.get("ph")
        if ph not in ("X", "i", "b", "e", "M"):
            fail(where + ": unexpected ph %r" % ph)
            continue
        if not isinstance(e.get("name"), str) or not e["name"]:
            fail(where + ": no name")
        if not isinstance(e.get("pid"), int) or not isinstance(
                e.get("tid"), int):
            fail(where + ": pid and tid must be integers")
        if ph == "M":
            if e["name"] in ("thread_name", "process_name"):
                if not isinstance(e.get("args", {}).get("name"), str):
                    fail(where + ": metadata without args.name")
            elif e["name"] == "thread_sort_index":
                if not is_num(e.get("args", {}).get("sort_index")):
                    fail(where + ": sort index without args.sort_index")
            else:
                fail(where + ": unknown metadata")
            continue
        if not is_num(e.get("ts")) or e["ts"] < 0:
            fail(where + ": ts missing or negative")
        if not isinstance(e.get("cat"), str):
            fail(where + ": no cat")
        if ph == "X" and (not is_num(e.get("dur")) or e["dur"] < 0):
            fail(where + ": dur missing or negative")
        if ph == "i" and e.get("s") not in ("t", "p", "g"):
            fail(where + ": instant without scope s")
        if ph in ("b", "e") and "id" not in e:
            fail(where + ": async event without id")
        if "args" in e and not isinstance(e["args"], dict):
            fail(where + ": args is not an object")


def nests(spans, what):
    """Complete events of one track: any two are disjoint or one holds the
    other. Returns the depth of each (start, end, event) in order."""
    spans = sorted(spans, key=lambda s: (s[0], -s[1]))
    stack, depth = [], {}
    for s, t, e in spans:
        while stack and stack[-1][1] <= s + EPS:
            stack.pop()
        if stack and t > stack[-1][1] + EPS:
            fail("%s: %r [%.3f, %.3f] overlaps %r [%.3f, %.3f] without "
                 "nesting" % (what, e["name"], s, t, stack[-1][2]["name"],
                              stack[-1][0], stack[-1][1]))
        depth[id(e)] = [x[2] for x in stack]
        stack.append((s, t, e))
    return depth


def main():
    trace_path = sys.argv[1]
    with open(trace_path) as f:
        doc = json.load(f)  # the whole file must be valid JSON
    want = None
    if len(sys.argv) > 2:
        with open(sys.argv[2]) as f:
            want = json.load(f)
    if not isinstance(doc, dict) or not isinstance(
            doc.get("traceEvents"), list):
        fail("no traceEvents array")
        return
    events = doc["traceEvents"]
    check_schema(events)
    if failures:
        return

    pids = {e["pid"] for e in events}
    if len(pids) != 1:
        fail("events of %d processes" % len(pids))
    names = {}
    for e in events:
        if e["ph"] == "M" and e["name"] == "thread_name":
            names[e["tid"]] = e["args"]["name"]
    if not any(e["ph"] == "M" and e["name"] == "process_name"
               for e in events):
        fail("no process_name")
    timed = [e for e in events if e["ph"] != "M"]
    for e in timed:
        if e["tid"] not in names:
            fail("%r is on track %d, which has no name" % (e["name"],
                                                           e["tid"]))

    def by_cat(cat, ph="X"):
        return [e for e in timed if e.get("cat") == cat and e["ph"] == ph]

    if want is None:
        # Any program: complete events nest on host threads, and follow
        # each other on device tracks.
        tracks = defaultdict(list)
        for e in timed:
            if e["ph"] == "X":
                tracks[e["tid"]].append((e["ts"], e["ts"] + e["dur"], e))
        for tid, spans in tracks.items():
            name = names.get(tid, str(tid))
            if name.startswith("device "):
                spans.sort(key=lambda s: s[0])
                for a, b in zip(spans, spans[1:]):
                    if b[0] + EPS < a[1]:
                        fail("%s: %s starts before %s ended" %
                             (name, b[2]["name"], a[2]["name"]))
            else:
                nests(spans, name)
        if not by_cat("api"):
            fail("no API calls")
        return

    # -- kernels: names, counts, configuration, on their stream's track
    kernels = by_cat("kernel")
    got = Counter(e["name"] for e in kernels)
    if got != Counter(want["kernels"]):
        fail("kernels %s, expected %s" % (dict(got), want["kernels"]))
    for e in kernels:
        a = e.get("args", {})
        for k in ("grid", "block"):
            v = a.get(k)
            if not (isinstance(v, list) and len(v) == 3 and
                    all(isinstance(x, int) and x > 0 for x in v)):
                fail("kernel %s: bad %s %r" % (e["name"], k, v))
        if not isinstance(a.get("shared"), int) or not isinstance(
                a.get("device"), int):
            fail("kernel %s: no shared or device" % e["name"])
        stream = want["kernel_streams"].get(e["name"])
        if a.get("stream") != stream:
            fail("kernel %s on stream %r, expected %r" %
                 (e["name"], a.get("stream"), stream))
        track = names.get(e["tid"], "")
        label = "null stream" if stream == "0x0" else "stream " + stream
        if not track.endswith(label):
            fail("kernel %s is on track %r, not its stream's (%s)" %
                 (e["name"], track, label))
    fill = [e for e in kernels if e["name"] == "fill"]
    if fill and fill[0]["args"]["shared"] != 256:
        fail("fill: shared %r, expected 256" % fill[0]["args"]["shared"])

    # -- copies and fills
    copies = by_cat("memcpy")
    got = Counter(e["args"].get("kind") for e in copies)
    if got != Counter(want["memcpy"]):
        fail("copies %s, expected %s" % (dict(got), want["memcpy"]))
    for e in copies:
        if not isinstance(e["args"].get("bytes"), int) or e["args"][
                "bytes"] <= 0:
            fail("copy without bytes: %r" % e)
    fills = by_cat("memset")
    if len(fills) != want["memset"]:
        fail("%d fills, expected %d" % (len(fills), want["memset"]))

    # -- device tracks: work in order, after the trace began
    device_work = kernels + copies + fills
    per_track = defaultdict(list)
    for e in device_work:
        per_track[e["tid"]].append(e)
        if not names.get(e["tid"], "").startswith("device "):
            fail("%s is not on a device track" % e["name"])
    for tid, work in per_track.items():
        work.sort(key=lambda e: e["ts"])
        for a, b in zip(work, work[1:]):
            if b["ts"] + EPS < a["ts"] + a["dur"]:
                fail("%s: %s starts before %s ended" %
                     (names[tid], b["name"], a["name"]))

    # -- API calls, each on a host thread's track
    api = by_cat("api")
    got = Counter(e["name"] for e in api)
    for name, n in want["api"].items():
        if got[name] != n:
            fail("%d calls of %s, expected %d" % (got[name], name, n))
    for e in api:
        if e["args"].get("result") != "hipSuccess":
            fail("%s: result %r" % (e["name"], e["args"].get("result")))
        if names.get(e["tid"], "").startswith("device "):
            fail("%s is on a device track" % e["name"])
    launches = [e for e in api if e["name"] == "hipLaunchKernel"]
    for e in launches:
        if e["args"].get("kernel") not in want["kernels"]:
            fail("hipLaunchKernel without its kernel: %r" % e["args"])
    # Each kernel starts after the launch that enqueued it began.
    first = {}
    for e in sorted(launches, key=lambda e: e["ts"]):
        first.setdefault(e["args"]["kernel"], e["ts"])
    for e in kernels:
        if e["ts"] + EPS < first.get(e["name"], 0):
            fail("kernel %s starts before its first launch" % e["name"])
    threads = {e["tid"] for e in api}
    if len(threads) != want["threads"]:
        fail("API calls on %d threads, expected %d" %
             (len(threads), want["threads"]))

    # -- roctx: ranges nest (with the API calls) on their thread
    ranges = by_cat("roctx")
    got = Counter(e["name"] for e in ranges)
    if got != Counter({k: 1 for k in want["ranges"]}):
        fail("roctx ranges %s, expected %s" % (dict(got), want["ranges"]))
    host = defaultdict(list)
    for e in api + ranges:
        host[e["tid"]].append((e["ts"], e["ts"] + e["dur"], e))
    for tid, spans in host.items():
        depth = nests(spans, names.get(tid, str(tid)))
        for s, t, e in spans:
            if e.get("cat") != "roctx":
                continue
            outer = [x for x in depth[id(e)] if x.get("cat") == "roctx"]
            if len(outer) != want["ranges"].get(e["name"], -1) or \
               e["args"].get("level") != len(outer):
                fail("range %s at level %d (args %r), expected %r" %
                     (e["name"], len(outer), e.get("args"),
                      want["ranges"].get(e["name"])))
    inner = [e for e in ranges if e["name"] == "inner"]
    if inner:
        i = inner[0]
        held = [e["name"] for e in api if e["tid"] == i["tid"] and
                e["ts"] + EPS >= i["ts"] and
                e["ts"] + e["dur"] <= i["ts"] + i["dur"] + EPS]
        if held.count("hipLaunchKernel") != 5:
            fail("range inner holds %r, expected the 5 launches" % held)
    marks = [e["name"] for e in timed if e["ph"] == "i"]
    if sorted(marks) != sorted(want["marks"]):
        fail("marks %r, expected %r" % (marks, want["marks"]))
    begins = {e["id"]: e for e in timed if e["ph"] == "b"}
    ends = {e["id"]: e for e in timed if e["ph"] == "e"}
    if sorted(e["name"] for e in begins.values()) != sorted(want["async"]):
        fail("async ranges %r, expected %r" %
             ([e["name"] for e in begins.values()], want["async"]))
    for k, b in begins.items():
        e = ends.get(k)
        if not e or e["name"] != b["name"] or e["ts"] + EPS < b["ts"]:
            fail("async range %s: no matching end after its start" %
                 b["name"])
    if len(ends) != len(begins):
        fail("%d ends for %d begins" % (len(ends), len(begins)))
    fills_in = [e for e in fills + kernels if e["name"] in ("memset", "fill")
                and names.get(e["tid"], "").endswith("null stream")]
    for b in begins.values():
        e = ends[b["id"]]
        for w in fills_in:
            if w["ts"] + EPS < b["ts"] or w["ts"] + w["dur"] > e["ts"] + EPS:
                fail("%s on the null stream lies outside range %s" %
                     (w["name"], b["name"]))


if __name__ == "__main__":
    main()
    if failures:
        sys.exit(1)
    print("trace ok")
