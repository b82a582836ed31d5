#!/usr/bin/env python3
"""Runs animatic's benchmarks beside the peer programs, one program after the other, and
prints every measurement and a summary against the engine-speed targets as JSON lines.

What it runs (each a separate process, in rounds, so that every ratio compares two programs
timed within a minute of each other on the same machine):
  rain     `animatic simulate` of the rain scene (scripts/rain-scene.py), the whole process,
           with 2 workers (and 1, and a baseline executable when given), beside the pymunk
           peer's own timer of its steps (`pymunk_rain.py --mode physics [-n 4000]`), and
           two one-worker runs started together (`pair_w1_s`, how much of a second core
           the machine gave); the ratios are also summarized apart for the rounds where two
           workers gained at least 1.2x over one (`two_workers_gained`) and the others (on
           shared 2-core virtual machines two threads gain nothing for seconds at a time,
           Box2D's as well as ours); and pymunk again with `--substeps 2`
           (`pymunk_animator_steps_s`): as many steps of 1/120 s as the animator takes
           (UIKit's time base, two a frame), beside one worker (`w1_ratio_animator_steps`),
           the engines compared step for step;
  pyramids `animatic bench physics --only W --workers 1,2` beside Box2D v3's own `benchmark`
           program (one thread, and two), for large_pyramid and many_pyramids;
  piles    `animatic bench physics --only pile1000,pile10000 --interleave`;
  render   `animatic bench render` beside a baseline executable's, and the pymunk + pycairo
           peer once (`--mode render`).
Peers that are not given are skipped. Nothing is written outside a temporary folder (Box2D's
benchmark writes CSV files into its working folder: it runs in that temporary folder).

usage: python3 scripts/bench-peers.py --animatic EXE [--baseline EXE] [--render-baseline EXE]
           [--pymunk PATH/pymunk_rain.py] [--box2d-sse2 BIN] [--box2d-avx2 BIN]
           [--rounds N] [--rain-rounds N] [--only rain,rain4000,pyramids,piles,render] [--quick]
(--quick: a second of rain, `bench physics --quick`, a tenth of its steps, and 60 frames of
`bench render`: a check that the script reads what the programs print, not a measurement.)
"""
import argparse, json, os, shutil, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))


def emit(record):
    print(json.dumps(record), flush=True)


def wall(cmd, cwd=None):
    """The whole process's wall time in seconds (its output discarded); fails loudly."""
    start = time.perf_counter()
    done = subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"bench-peers: {' '.join(cmd)} exited {done.returncode}: {done.stderr.decode()[-500:]}")
    return elapsed


def wall_pair(cmd):
    """The wall time in seconds of two copies of `cmd` started together, until both end."""
    start = time.perf_counter()
    procs = [subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for _ in range(2)]
    for p in procs:
        _, err = p.communicate()
        if p.returncode != 0:
            for other in procs:
                other.kill()
            sys.exit(f"bench-peers: {' '.join(cmd)} exited {p.returncode}: {err.decode()[-500:]}")
    return time.perf_counter() - start


# Two workers at least this much faster than one: the machine let two threads gain.
TWO_WORKERS_GAIN = 1.2


def output(cmd, cwd=None):
    done = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if done.returncode != 0:
        sys.exit(f"bench-peers: {' '.join(cmd)} exited {done.returncode}: {done.stderr.decode()[-500:]}")
    return done.stdout.decode()


def json_lines(text):
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


def pymunk_seconds(script, n, cwd, substeps=1):
    """pymunk's own timer of its steps (`seconds=` in its line)."""
    text = output([sys.executable, script, "--mode", "physics", "-n", str(n), "--substeps", str(substeps)], cwd=cwd)
    for field in text.split():
        if field.startswith("seconds="):
            return float(field.split("=", 1)[1])
    sys.exit(f"bench-peers: no seconds= in pymunk's output: {text!r}")


def box2d_ms_per_step(binary, workload, threads, cwd, runs=3):
    """Median over Box2D's own runs of its time per step (it prints each run's total)."""
    text = output([binary, "-t=2", f"-w={threads}", f"-b={workload}", f"-r={runs}"], cwd=cwd)
    steps, totals = None, []
    for line in text.splitlines():
        if line.startswith("benchmark:") and "steps =" in line:
            steps = int(line.split("steps =")[1].split()[0])
        elif line.startswith("run ") and "(ms)" in line:
            totals.append(float(line.split(":")[1].split("(ms)")[0]))
    if not steps or not totals:
        sys.exit(f"bench-peers: could not read Box2D's output: {text[-500:]!r}")
    return statistics.median(totals) / steps


def summary_of(ratios, target=None):
    summary = {"ratios": [round(r, 3) for r in ratios], "median": round(statistics.median(ratios), 3)}
    if target is not None:
        summary.update({"meeting": sum(1 for r in ratios if r >= target), "of": len(ratios), "target": target})
    return summary


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--animatic", required=True, help="the executable to measure (a release build)")
    ap.add_argument("--baseline", help="an earlier executable, timed beside it on the rain")
    ap.add_argument("--render-baseline", help="an earlier executable, timed beside it by bench render")
    ap.add_argument("--pymunk", help="the pymunk peer, pymunk_rain.py")
    ap.add_argument("--box2d-sse2", help="Box2D v3's benchmark program built for SSE2")
    ap.add_argument("--box2d-avx2", help="Box2D v3's benchmark program built for AVX2")
    ap.add_argument("--rounds", type=int, default=4, help="rounds of the pyramids and piles (default 4)")
    ap.add_argument("--rain-rounds", type=int, default=16, help="rounds of the rain of 1,000 (default 16)")
    ap.add_argument("--only", default="rain,rain4000,pyramids,piles,render",
                    help="comma-separated parts to run (default all)")
    ap.add_argument("--quick", action="store_true", help="a check of the script, not a measurement")
    a = ap.parse_args()
    unknown = set(a.only.split(",")) - {"rain", "rain4000", "pyramids", "piles", "render"}
    if unknown:
        ap.error(f"--only: unknown part {', '.join(sorted(unknown))} (rain, rain4000, pyramids, piles, render)")
    exe = os.path.abspath(a.animatic)
    work = tempfile.mkdtemp(prefix="animatic-bench-peers-")
    try:
        run(a, exe, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run(a, exe, work):
    parts = set(a.only.split(","))
    emit({"run": "start", "utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "animatic": exe,
          "version": output([exe, "--version"]).strip()})
    scenes = {}
    for n in (1000, 4000):
        path = os.path.join(work, f"rain{n}.json")
        scene = json.loads(output([sys.executable, os.path.join(HERE, "rain-scene.py"), str(n)]))
        if a.quick:
            scene["duration"] = 1
        with open(path, "w") as f:
            json.dump(scene, f)
        scenes[n] = path
    quick = ["--quick"] if a.quick else []
    quick_render = ["--frames", "60"] if a.quick else []
    summary = {}

    def rain(n, rounds, with_one_worker):
        ratios, baseline_ratios, by_gain, same_steps = [], [], {True: [], False: []}, []
        for r in range(rounds):
            record = {"part": f"rain{n}", "round": r + 1,
                      "ours_w2_s": round(wall([exe, "simulate", scenes[n], "--workers", "2"]), 3)}
            if with_one_worker:
                one = [exe, "simulate", scenes[n], "--workers", "1"]
                record["ours_w1_s"] = round(wall(one), 3)
                record["pair_w1_s"] = round(wall_pair(one), 3)
                record["two_workers_gained"] = record["ours_w1_s"] >= TWO_WORKERS_GAIN * record["ours_w2_s"]
            if a.baseline:
                record["baseline_w2_s"] = round(wall([a.baseline, "simulate", scenes[n], "--workers", "2"]), 3)
            if a.pymunk:
                record["pymunk_s"] = pymunk_seconds(a.pymunk, n, work)
                record["ratio"] = round(record["pymunk_s"] / record["ours_w2_s"], 3)
                ratios.append(record["ratio"])
                if "two_workers_gained" in record:
                    by_gain[record["two_workers_gained"]].append(record["ratio"])
                if a.baseline:
                    baseline_ratios.append(record["pymunk_s"] / record["baseline_w2_s"])
                if with_one_worker:
                    record["pymunk_animator_steps_s"] = pymunk_seconds(a.pymunk, n, work, substeps=2)
                    record["w1_ratio_animator_steps"] = round(record["pymunk_animator_steps_s"] / record["ours_w1_s"], 3)
                    same_steps.append(record["w1_ratio_animator_steps"])
            emit(record)
        if ratios:
            summary[f"rain{n}_vs_pymunk"] = summary_of(ratios, 2.0)
            for gained, label in ((True, "two_workers_gained"), (False, "two_workers_did_not")):
                if by_gain[gained]:
                    summary[f"rain{n}_vs_pymunk"][label] = summary_of(by_gain[gained], 2.0)
        if baseline_ratios:
            summary[f"rain{n}_baseline_vs_pymunk"] = summary_of(baseline_ratios, 2.0)
        if same_steps:
            summary[f"rain{n}_w1_vs_pymunk_animator_steps"] = summary_of(same_steps)

    if "rain" in parts:
        rain(1000, a.rain_rounds, True)
    if "rain4000" in parts:
        rain(4000, 2, True)
    if "pyramids" in parts:
        one_thread, two_workers, box2d_two = {}, {}, {}
        for r in range(a.rounds):
            for w in ("large_pyramid", "many_pyramids"):
                record = {"part": "pyramids", "round": r + 1, "workload": w}
                if a.box2d_sse2:
                    record["box2d_sse2_t1_ms"] = round(box2d_ms_per_step(a.box2d_sse2, w, 1, work), 4)
                if a.box2d_avx2:
                    record["box2d_avx2_t1_ms"] = round(box2d_ms_per_step(a.box2d_avx2, w, 1, work), 4)
                if a.box2d_sse2:
                    record["box2d_sse2_t2_ms"] = round(box2d_ms_per_step(a.box2d_sse2, w, 2, work), 4)
                lines = json_lines(output([exe, "bench", "physics", "--only", w, "--workers", "1,2", "--runs", "3"] + quick))
                one, two = lines[0], lines[1]
                record.update({"ours_w1_ms": one["ms_per_step"], "ours_w2_ms": two["ms_per_step"],
                               "speedup": two["speedup"], "state_hash": one["state_hash"]})
                two_workers.setdefault(w, []).append(two["speedup"])
                if a.box2d_sse2:
                    record["w1_over_box2d_sse2"] = round(one["ms_per_step"] / record["box2d_sse2_t1_ms"], 3)
                    record["box2d_speedup"] = round(record["box2d_sse2_t1_ms"] / record["box2d_sse2_t2_ms"], 3)
                    one_thread.setdefault(w, []).append(record["w1_over_box2d_sse2"])
                    box2d_two.setdefault(w, []).append(record["box2d_speedup"])
                emit(record)
        for w, ratios in one_thread.items():
            # Here the target is a ceiling: our time over Box2D's, at most 1.25.
            summary[f"{w}_w1_over_box2d_sse2"] = {"ratios": [round(r, 3) for r in ratios],
                                                  "median": round(statistics.median(ratios), 3),
                                                  "within_1_25": sum(1 for r in ratios if r <= 1.25),
                                                  "faster": sum(1 for r in ratios if r < 1), "of": len(ratios)}
        for w, ratios in two_workers.items():
            summary[f"{w}_two_workers"] = summary_of(ratios, 1.6)
        for w, ratios in box2d_two.items():
            summary[f"{w}_box2d_two_threads"] = summary_of(ratios, 1.6)
    if "piles" in parts:
        ratios = []
        for r in range(a.rounds):
            lines = json_lines(output([exe, "bench", "physics", "--only", "pile1000,pile10000", "--workers", "1",
                                       "--runs", "5", "--interleave"] + quick))
            record = {"part": "piles", "round": r + 1, "pile1000_ns": lines[0]["ns_per_body_step"],
                      "pile10000_ns": lines[1]["ns_per_body_step"], "ratio": lines[1]["per_body_step_ratio"]}
            ratios.append(record["ratio"])
            emit(record)
        summary["piles_growth"] = {"ratios": ratios, "under_1_5": sum(1 for r in ratios if r < 1.5), "of": len(ratios)}
    if "render" in parts:
        ratios = []
        for r in range(3 if a.render_baseline else 1):
            fps = json_lines(output([exe, "bench", "render", "--runs", "3"] + quick_render))[0]["frames_per_s"]
            record = {"part": "render", "round": r + 1, "ours_fps": fps}
            if a.render_baseline:
                record["baseline_fps"] = json_lines(output([a.render_baseline, "bench", "render", "--runs", "3"] + quick_render))[0]["frames_per_s"]
                record["ratio"] = round(fps / record["baseline_fps"], 3)
                ratios.append(record["ratio"])
            emit(record)
        if a.pymunk:
            text = output([sys.executable, a.pymunk, "--mode", "render", "--out", os.path.join(work, "pymunk-frames")], cwd=work)
            fps = [float(f.split("=")[1]) for f in text.split() if f.startswith("frames_per_s=")]
            emit({"part": "render", "pymunk_pycairo_fps": fps[0] if fps else None})
        if ratios:
            summary["render_vs_baseline"] = summary_of(ratios, 1.6)
    emit({"run": "end", "utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "summary": summary})


if __name__ == "__main__":
    main()
