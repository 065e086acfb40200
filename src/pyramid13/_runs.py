"""Running chunks of seeded games on an executor, and saying which seed broke a run.

Nothing here knows the game: a job is any picklable object with ``new_player()`` and
``play(player, seed) -> int``, and a chunk's answer is one byte per seed. A failure is
pinned to a seed where that can be known: a player that raises is caught around each game,
and a worker process of the pool made here that dies is found by noting, in shared memory,
the seed each worker is playing, then replaying those seeds alone.

Layer: generic, which reaches each game through the registry (it names none).
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import (
    BrokenExecutor,
    CancelledError,
    Executor,
    Future,
    ProcessPoolExecutor,
    as_completed,
)
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol, overload

__all__ = [
    "MAX_WORKERS",
    "ChunkJob",
    "Chunks",
    "PlayerError",
    "RunError",
    "check_picklable",
    "pool_size",
    "run_chunks",
]

Chunk = Sequence[int]

#: The most processes a run may be asked for (`win_rate`'s ``workers``, the command
#: line's ``--workers``); it starts at most one per deal and per core besides.
MAX_WORKERS = 1024


def pool_size(asked: int | None, deals: int) -> int:
    """The processes a run starts: as asked (None: one per core), but at most one per
    deal and per core, since more would only wait for each other (1: in this process)."""
    cores = os.cpu_count() or 1
    if asked == 1:
        return 1
    return max(1, min(asked or cores, deals, cores))


class ChunkJob(Protocol):
    """What a worker needs to play seeds: small and picklable."""

    def new_player(self) -> Any:
        """A fresh copy of the player, for one chunk of seeds."""
        ...

    def play(self, player: Any, seed: int) -> int:
        """Play the deal `seed`; an outcome code (one byte)."""
        ...


class PlayerError(Exception):
    """Raised in a worker: playing `seed` raised `description` (type and message)."""

    def __init__(self, seed: int, description: str) -> None:
        super().__init__(seed, description)
        self.seed = seed
        self.description = description

    def __reduce__(self) -> tuple[type[PlayerError], tuple[int, str]]:
        return type(self), (self.seed, self.description)


class RunError(Exception):
    """The run stopped: `reason` happened while playing `seed` (None: not known), one of
    `seeds`; `done` holds the answers of the chunks that finished, by chunk index."""

    def __init__(
        self,
        reason: str,
        seed: int | None,
        seeds: tuple[int, ...],
        done: dict[int, bytes],
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.seed = seed
        self.seeds = seeds
        self.done = done


# Set in each worker of the pool made by `run_chunks`: the shared array and this worker's
# slot. Slot i holds [seed, playing?] at 2i and 2i + 1.
_slot: tuple[Any, int] | None = None


def _init_worker(counter: Any, slots: Any) -> None:
    global _slot
    # Deaf to Ctrl-C, which a terminal sends to every process of the program: the parent
    # alone answers it, and stops the workers at once (see `run_chunks`).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    with counter.get_lock():
        index = counter.value
        counter.value += 1
    if 2 * index < len(slots):
        _slot = (slots, index)


def run_chunk(job: ChunkJob, seeds: Chunk, on_seed: Callable[[int], object] | None = None) -> bytes:
    """Play `seeds` with one copy of the player: one outcome byte per seed.

    `on_seed` (in this process only) is called with 1 after each seed, for a progress bar.

    Raises:
        PlayerError: the player (or the game) raised while playing a seed.
    """
    player = job.new_player()
    slot = _slot
    answers = bytearray()
    for seed in seeds:
        if slot is not None:
            slot[0][2 * slot[1]] = seed
            slot[0][2 * slot[1] + 1] = 1
        try:
            answers.append(job.play(player, seed))
        except (Exception, SystemExit) as error:
            raise PlayerError(seed, f"{type(error).__name__}: {error}") from error
        if on_seed is not None:
            on_seed(1)
    if slot is not None:
        slot[0][2 * slot[1] + 1] = 0
    return bytes(answers)


def check_picklable(job: object, what: str) -> str | None:
    """Why `job` cannot travel to a worker process (None: it can), naming `what`."""
    try:
        pickle.loads(pickle.dumps(job))
    except Exception as error:
        return f"{what} cannot be sent to worker processes ({type(error).__name__}: {error})"
    return None


def _span(seeds: Chunk) -> str:
    if not seeds:
        return "no seeds"
    if len(seeds) == 1:
        return f"seed {seeds[0]}"
    if isinstance(seeds, range) and seeds.step == 1:
        return f"seeds {seeds.start}..{seeds.stop - 1}"
    return f"one of seeds {', '.join(map(str, seeds[:5]))}{', ...' if len(seeds) > 5 else ''}"


def run_chunks(
    job: ChunkJob,
    chunks: Sequence[Chunk],
    *,
    executor: Executor | None,
    workers: int,
    on_done: Callable[[int], object],
) -> dict[int, bytes]:
    """Play every chunk; the answers by chunk index.

    With no `executor`, the chunks run in this process when `workers` is 1, else on a
    process pool of `workers` processes made (and shut down) here. `on_done` is told the
    number of seeds of each chunk that finishes (in this process, of each seed).

    Raises:
        RunError: a chunk failed; the chunks finished until then are kept.
    """
    done: dict[int, bytes] = {}
    if executor is None and workers == 1:
        for index, chunk in enumerate(chunks):
            try:
                done[index] = run_chunk(job, chunk, on_done)
            except PlayerError as failed:
                reason = f"the player raised {failed.description}"
                raise RunError(reason, failed.seed, (failed.seed,), done) from failed.__cause__
        return done
    if executor is not None:
        _collect(job, chunks, executor, done, on_done, own=False)
        return done
    context = multiprocessing.get_context()
    slots = context.Array("Q", 2 * workers, lock=False)
    counter = context.Value("i", 0)
    pool = _start_pool(workers, counter, slots)
    stopped = False
    try:
        _collect(job, chunks, pool, done, on_done, own=True)
    except _PoolBrokenError:
        playing = sorted({slots[2 * i] for i in range(workers) if slots[2 * i + 1]})
        raise _died(job, playing, done) from None
    except KeyboardInterrupt:
        # Stop now, not once the chunks being played are done (minutes, maybe).
        stopped = True
        _terminate(pool)
        raise
    finally:
        if not stopped:
            pool.shutdown(cancel_futures=True)
    return done


def _start_pool(workers: int, counter: Any, slots: Any) -> ProcessPoolExecutor:
    """A pool of `workers` processes, started at once with Ctrl-C held back meanwhile.

    A Ctrl-C arriving while a worker is forked would be lost in Python's fork hooks
    (printed, then ignored, and the run goes on); held back, it arrives once the workers
    are up, as a plain KeyboardInterrupt. The workers are born with it held back too, until
    they ignore it.
    """
    hold = hasattr(signal, "pthread_sigmask")
    if hold:
        held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        pool = ProcessPoolExecutor(workers, initializer=_init_worker, initargs=(counter, slots))
        for started in [pool.submit(int) for _ in range(workers)]:
            started.result()
    finally:
        if hold:
            signal.pthread_sigmask(signal.SIG_SETMASK, held)
    return pool


def _terminate(pool: ProcessPoolExecutor) -> None:
    """Stop the pool's workers now and let the pool go without waiting for them."""
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        terminate()
    else:
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)


class _PoolBrokenError(Exception):
    """The pool made by `run_chunks` lost a worker process."""


def _collect(
    job: ChunkJob,
    chunks: Sequence[Chunk],
    executor: Executor,
    done: dict[int, bytes],
    on_done: Callable[[int], object],
    *,
    own: bool,
) -> None:
    futures: dict[Future[bytes], int] = {}
    try:
        for index, chunk in enumerate(chunks):
            try:
                futures[executor.submit(run_chunk, job, chunk)] = index
            except Exception as error:
                reason = f"the executor refused {_span(chunk)}: {type(error).__name__}: {error}"
                raise RunError(reason, None, tuple(chunk), done) from error
        for future in as_completed(futures):
            index = futures[future]
            try:
                done[index] = future.result()
            except PlayerError as failed:
                # The cause: the exception itself, or its traceback as text from a process.
                reason = f"the player raised {failed.description}"
                raise RunError(reason, failed.seed, (failed.seed,), done) from failed.__cause__
            except BrokenExecutor as error:
                if own:
                    raise _PoolBrokenError from None
                # Another's pool: every chunk not finished failed with it, any may be the one.
                unfinished = tuple(s for i, c in enumerate(chunks) if i not in done for s in c)
                reason = (
                    f"a worker of the executor died ({type(error).__name__}) while playing "
                    f"one of the {len(unfinished)} deals not finished"
                )
                raise RunError(reason, None, unfinished, done) from error
            except (Exception, CancelledError) as error:
                chunk = chunks[index]
                reason = f"the task of {_span(chunk)} failed: {type(error).__name__}"
                reason += f": {error}" if str(error) else ""
                raise RunError(reason, None, tuple(chunk), done) from error
            on_done(len(chunks[index]))
    finally:
        for future in futures:
            future.cancel()


def _died(job: ChunkJob, playing: list[int], done: dict[int, bytes]) -> RunError:
    """The failure of a pool whose worker died while `playing` these seeds: each is
    replayed alone in a new process to find the one that kills it."""
    if not playing:
        return RunError("a worker process died between deals", None, (), done)
    for seed in playing:
        with ProcessPoolExecutor(1) as alone:
            try:
                alone.submit(run_chunk, job, [seed]).result()
            except BrokenProcessPool:
                reason = "a worker process died playing it, and again when it was replayed alone"
                return RunError(reason, seed, (seed,), done)
            except PlayerError as failed:
                reason = f"the player raised {failed.description}"
                return RunError(reason, seed, (seed,), done)
    reason = (
        f"a worker process died while playing {_span(playing)}; replayed alone, "
        f"{'it does' if len(playing) == 1 else 'each does'} not fail"
    )
    return RunError(reason, None, tuple(playing), done)


class Chunks(Sequence[Chunk]):
    """`seeds` cut into slices of `size`, each made when asked for (a million seeds cut
    into ones take no memory)."""

    __slots__ = ("_seeds", "_size")

    def __init__(self, seeds: Chunk, size: int) -> None:
        self._seeds = seeds
        self._size = size

    def __len__(self) -> int:
        return -(-len(self._seeds) // self._size)

    @overload
    def __getitem__(self, index: int) -> Chunk: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Chunk]: ...
    def __getitem__(self, index: int | slice) -> Chunk | Sequence[Chunk]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        return self._seeds[index * self._size : (index + 1) * self._size]
