"""A real local Dask cluster gives the same puzzles as the local process pool and as single generation."""

from __future__ import annotations

import sys
import time

import pytest

from gridlogic import GAMES, GenerationFailed
from gridlogic import batch as batching
from gridlogic.game import game_named

# `make test` installs the dask extra, so these run there; without it they are skipped, saying why.
distributed = pytest.importorskip(
    "distributed", reason="dask.distributed is not installed (pip install 'gridlogic[dask]')"
)
cloudpickle = pytest.importorskip("cloudpickle", reason="cloudpickle (installed with dask.distributed) is missing")

# One small workload per game that has landed: (game, size, difficulty, count).
WORKLOADS = [("signal", 5, "any", 40), ("signal", 4, "hard", 6), ("pattern", 5, "any", 20), ("loop", 5, "any", 6)]


def available(name: str) -> bool:
    return name in GAMES


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(
        host="127.0.0.1", n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as local_cluster:
        yield local_cluster


def single_generation(game_name, size, difficulty, seeds):
    game = game_named(game_name)
    records = {}
    for seed in seeds:
        try:
            records[seed] = game.generate(size, seed, difficulty).to_dict()
        except GenerationFailed as error:
            records[seed] = {"failed": str(error)}
    return records


def run_to_file(path, spec, choice, jobs, chunk_size):
    store = batching.open_output(str(path), spec.game, spec.size, spec.difficulty,
                                game_named(spec.game).latest, spec.seed_prefix)
    try:
        with batching.open_executor(choice, jobs) as (executor, workers):
            summary = batching.run_batch(spec, store, executor, workers, chunk_size=chunk_size)
    finally:
        store.close()
    return summary, workers


@pytest.mark.parametrize("workload", WORKLOADS, ids=lambda w: "-".join(map(str, w)))
def test_dask_cluster_equals_local_pool_and_single_generation(tmp_path, cluster, helpers, workload):
    game, size, difficulty, count = workload
    if game not in GAMES or not available(game):
        pytest.skip(f"the {game} engine has not landed yet")
    spec = batching.BatchSpec(game, size, difficulty, count, "dask")
    expected = single_generation(game, size, difficulty, [spec.seed(i) for i in range(count)])
    dask_choice = batching.parse_executor(cluster.scheduler_address.replace("tcp://", "dask://"))
    # Small fixed chunks, so that both workers get several chunks each.
    summary, workers = run_to_file(tmp_path / "dask.jsonl", spec, dask_choice, None, 3)
    assert workers == 2  # the cluster's two single-threaded workers
    assert summary.generated + summary.failed == count
    # The local pool runs in a CLI subprocess: forking this process, which runs the cluster's
    # threads, is not something a user's batch ever does.
    local = helpers.run_cli(game, "--size", str(size), "--difficulty", difficulty, "--count", str(count),
                            "--seed-prefix", "dask", "--jobs", "2", "--out", str(tmp_path / "local.sqlite"))
    assert local.returncode == 0, local.stderr
    assert helpers.read_output(str(tmp_path / "dask.jsonl")) == expected
    assert helpers.read_output(str(tmp_path / "local.sqlite")) == expected


def test_identical_calls_are_not_deduplicated_and_reach_both_workers(cluster):
    # This module is not importable on the workers: ship its function by value.
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    choice = batching.parse_executor(cluster.scheduler_address.replace("tcp://", "dask://"))
    with batching.open_executor(choice, None) as (executor, _):
        futures = [executor.submit(_worker_address_after_a_nap) for _ in range(20)]
        addresses = [future.result() for future in futures]
    # pure=False: twenty identical calls ran as twenty tasks (pure=True would run one), on both workers.
    assert len(addresses) == 20 and len(set(addresses)) == 2


def _worker_address_after_a_nap() -> str:
    from distributed import get_worker

    time.sleep(0.05)
    return get_worker().address


def test_the_cli_runs_a_batch_on_the_cluster_and_verifies_it_there(tmp_path, cluster, helpers):
    address = cluster.scheduler_address.replace("tcp://", "dask://")
    path = str(tmp_path / "cli.jsonl")
    args = ["signal", "--size", "6", "--difficulty", "medium", "--count", "12", "--seed-prefix", "cli"]
    result = helpers.run_cli(*args, "--out", path, "--executor", address)
    assert result.returncode == 0, result.stderr
    assert f"Dask scheduler {cluster.scheduler_address}, 2 at once" in result.stdout
    expected = single_generation("signal", 6, "medium", [f"cli-{i}" for i in range(12)])
    assert helpers.read_output(path) == expected
    verified = helpers.run_cli("--verify", path, "--executor", address)
    assert verified.returncode == 0 and "result: OK" in verified.stdout
