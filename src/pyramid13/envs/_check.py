"""The checks of `pyramid13.testing.check_vector_env`: what Gymnasium's vector environments
promise, tried on any `gymnasium.vector.VectorEnv` with discrete actions.

Layer: generic (it knows no game: only Gymnasium's conventions). Gymnasium's
``check_env`` checks one environment; this plays the same part for a vector environment:
spaces, seeding, the types and shapes of what ``reset`` and ``step`` return, infos,
returned data never reused, the autoreset mode, masks and ``close``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.utils.passive_env_checker import data_shares_objects
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from .._base.errors import InvalidArgumentError
from .._base.integers import as_int
from .._base.text import describe

__all__ = ["run_vector_checks"]

#: The first steps whose returned data `run_vector_checks` keeps whole, to compare between
#: its two runs and to check that no later step changes them.
_KEPT_STEPS = 8


def run_vector_checks(envs: Any, seed: Any, max_steps: Any, ignore_infos: Any) -> None:
    """Check `envs` (see `pyramid13.testing.check_vector_env`, which documents it)."""
    if not isinstance(envs, VectorEnv):
        raise InvalidArgumentError(
            f"envs must be a gymnasium.vector.VectorEnv, not {describe(envs)}"
        )
    first = as_int(seed)
    if first is None or not 0 <= first < 2**32 - 1:
        raise InvalidArgumentError(f"seed must be an int in 0..2**32-2, not {describe(seed)}")
    limit = as_int(max_steps)
    if limit is None or limit < 1:
        raise InvalidArgumentError(f"max_steps must be a positive int, not {describe(max_steps)}")
    if isinstance(ignore_infos, (str, bytes)) or not isinstance(ignore_infos, Collection):
        raise InvalidArgumentError(
            f"ignore_infos must be a collection of info keys, not {describe(ignore_infos)}"
        )
    ignored = frozenset(ignore_infos)
    if not all(isinstance(key, str) for key in ignored):
        raise InvalidArgumentError(f"ignore_infos must hold strings, not {describe(ignore_infos)}")
    single_action = envs.single_action_space
    if not isinstance(single_action, gymnasium.spaces.Discrete):
        raise InvalidArgumentError(
            "check_vector_env plays Discrete actions only, and envs.single_action_space is "
            f"{single_action}"
        )
    _Checker(envs, first, limit, ignored).run()


class _Checker:
    """One check of one vector environment."""

    def __init__(self, envs: Any, seed: int, max_steps: int, ignored: frozenset[str]) -> None:
        self.envs = envs
        self.seed = seed
        self.max_steps = max_steps
        self.ignored = ignored
        self.name = repr(envs)
        self.count: int = envs.num_envs
        self.actions: int = int(envs.single_action_space.n)
        self.start: int = int(envs.single_action_space.start)
        masks = getattr(envs, "action_masks", None)
        if masks is None:
            masks = getattr(envs.unwrapped, "action_masks", None)
        self.masks: Callable[[], Any] | None = masks if callable(masks) else None

    def fail(self, message: str) -> AssertionError:
        return AssertionError(f"{self.name}: {message}")

    def check(self, condition: bool, message: str) -> None:
        if not condition:
            raise self.fail(message)

    def run(self) -> None:
        self.check_spaces()
        mode = self.envs.metadata.get("autoreset_mode")
        if not isinstance(mode, AutoresetMode):
            raise self.fail(
                'metadata["autoreset_mode"] must be a gymnasium.vector.AutoresetMode (the mode '
                f"wrappers and training loops read), not {mode!r}"
            )
        self.mode: AutoresetMode = mode
        self.check_resets()
        first = self.play(None)
        self.play(first)
        self.check_close()

    # -- spaces -------------------------------------------------------------------------

    def check_spaces(self) -> None:
        envs = self.envs
        count = self.count
        if not (isinstance(count, int) and not isinstance(count, bool) and count >= 1):
            raise self.fail(f"num_envs must be an int >= 1, not {count!r}")
        for kind in ("observation", "action"):
            single = getattr(envs, f"single_{kind}_space")
            batched = getattr(envs, f"{kind}_space")
            if batched != batch_space(single, count):
                raise self.fail(
                    f"{kind}_space must be batch_space(single_{kind}_space, num_envs={count}), "
                    f"that is {batch_space(single, count)}, not {batched}"
                )

    # -- reset ----------------------------------------------------------------------------

    def reset(self, call: str, **arguments: Any) -> tuple[Any, dict[str, Any]]:
        result = self.envs.reset(**arguments)
        if not (isinstance(result, tuple) and len(result) == 2):
            raise self.fail(f"{call} must return (observations, infos), not {describe(result)}")
        observations, infos = result
        self.check_observations(observations, call)
        self.check_infos(infos, call)
        self.check_masks(observations, infos, call)
        return observations, infos

    def check_resets(self) -> None:
        seed = self.seed
        first = self.reset(f"reset(seed={seed})", seed=seed)
        kept = copy.deepcopy(first)
        unseeded = self.reset("reset()")
        again = self.reset(f"reset(seed={seed}) (again)", seed=seed)
        unseeded_again = self.reset("reset() (again)")
        empty = self.reset(f"reset(seed={seed}, options={{}})", seed=seed, options={})
        other = self.reset(f"reset(seed={seed + 1})", seed=seed + 1)
        self.check_not_shared(
            [
                (f"reset(seed={seed})", first),
                ("reset()", unseeded),
                (f"reset(seed={seed}) (again)", again),
                ("reset() (again)", unseeded_again),
                (f"reset(seed={seed}, options={{}})", empty),
                (f"reset(seed={seed + 1})", other),
            ]
        )
        if not data_equivalence(first, kept, exact=True):
            raise self.fail(
                f"the data returned by reset(seed={seed}) changed when reset was called again: "
                "return new arrays on every call"
            )
        if not self.same(first, again):
            raise self.fail(
                f"reset(seed={seed}) is not deterministic: two calls returned different "
                "observations or infos"
            )
        if not self.same(unseeded, unseeded_again):
            raise self.fail(
                f"reset() after reset(seed={seed}) is not deterministic: the sub-environments' "
                "generators must follow from the seed"
            )
        if not self.same(first, empty):
            raise self.fail(f"reset(seed={seed}, options={{}}) must start as reset(seed={seed})")
        if data_equivalence(first[0], other[0], exact=True):
            raise self.fail(
                f"reset(seed={seed}) and reset(seed={seed + 1}) returned the same observations: "
                "the seed must choose the start"
            )
        if self.count >= 2:
            rows = [_row(first[0], index) for index in range(self.count)]
            if all(data_equivalence(rows[0], row, exact=True) for row in rows[1:]):
                raise self.fail(
                    f"every sub-environment started alike after reset(seed={seed}): each must "
                    "get its own seed"
                )

    # -- what reset and step return -------------------------------------------------------

    def check_observations(self, observations: Any, call: str) -> None:
        _check_in_space(self, observations, self.envs.observation_space, f"{call}: observations")

    def check_infos(self, infos: Any, call: str) -> None:
        if not isinstance(infos, dict):
            raise self.fail(f"{call}: infos must be a dict, not {describe(infos)}")
        count = self.count
        for key, value in infos.items():
            if not isinstance(key, str) or key.startswith("_"):
                continue
            _check_info_value(self, value, f'{call}: infos["{key}"]')
            flags = infos.get(f"_{key}")
            if not (
                isinstance(flags, np.ndarray)
                and flags.dtype == np.bool_
                and flags.shape == (count,)
            ):
                raise self.fail(
                    f'{call}: infos["_{key}"] must flag the sub-environments that have '
                    f'infos["{key}"]: a bool array of shape ({count},), not '
                    f"{_describe_array(flags)}"
                )

    def check_masks(self, observations: Any, infos: dict[str, Any], call: str) -> Any:
        """The legal actions as ``bool[n, actions]`` (None when the environment gives
        none), after checking every form it gives them in."""
        shape = (self.count, self.actions)
        found: list[tuple[str, npt.NDArray[np.bool_]]] = []
        if "action_mask" in infos:
            mask = infos["action_mask"]
            if not (
                isinstance(mask, np.ndarray)
                and mask.shape == shape
                and mask.dtype.kind in "biu"
                and bool(np.isin(mask, (0, 1)).all())
            ):
                raise self.fail(
                    f'{call}: infos["action_mask"] must be 0s and 1s of shape {shape}, not '
                    f"{_describe_array(mask)}"
                )
            found.append(('infos["action_mask"]', mask.astype(bool)))
        if isinstance(observations, dict) and "action_mask" in observations:
            found.append(('observations["action_mask"]', np.asarray(observations["action_mask"])))
        if self.masks is not None:
            mask = self.masks()
            if not (
                isinstance(mask, np.ndarray) and mask.shape == shape and mask.dtype == np.bool_
            ):
                raise self.fail(
                    f"action_masks() after {call} must be a bool array of shape {shape}, not "
                    f"{_describe_array(mask)}"
                )
            again = self.masks()
            self.check(
                not np.shares_memory(mask, again),
                "action_masks() returned the same array twice: return a new one each call",
            )
            found.append(("action_masks()", mask))
        if not found:
            return None
        where, legal = found[0]
        for other, mask in found[1:]:
            if not np.array_equal(legal, mask.astype(bool)):
                rows = (
                    f"in rows {np.flatnonzero((legal != mask).any(axis=1)).tolist()}"
                    if mask.shape == shape
                    else f"{where} has shape {shape}, {other} {mask.shape}"
                )
                raise self.fail(f"{call}: {where} and {other} flag different actions ({rows})")
        empty = np.flatnonzero(~legal.any(axis=1))
        if empty.size:
            raise self.fail(
                f"{call}: {where} flags no legal action for sub-environments {empty.tolist()}: "
                "an agent must always have one to take"
            )
        return legal

    def check_step(self, result: Any, call: str) -> None:
        if not (isinstance(result, tuple) and len(result) == 5):
            raise self.fail(
                f"{call} must return (observations, rewards, terminated, truncated, infos), not "
                f"{describe(result)}"
            )
        observations, rewards, terminated, truncated, infos = result
        count = self.count
        self.check_observations(observations, call)
        if not (
            isinstance(rewards, np.ndarray)
            and rewards.shape == (count,)
            and rewards.dtype.kind == "f"
        ):
            raise self.fail(
                f"{call}: rewards must be a float array of shape ({count},), not "
                f"{_describe_array(rewards)}"
            )
        if not bool(np.isfinite(rewards).all()):
            raise self.fail(f"{call}: rewards must be finite: {rewards}")
        for name, flags in (("terminated", terminated), ("truncated", truncated)):
            if not (
                isinstance(flags, np.ndarray)
                and flags.shape == (count,)
                and flags.dtype == np.bool_
            ):
                raise self.fail(
                    f"{call}: {name} must be a bool array of shape ({count},), not "
                    f"{_describe_array(flags)}"
                )
        self.check_infos(infos, call)

    # -- playing --------------------------------------------------------------------------

    def play(self, first: _Run | None) -> _Run:
        """Play from ``reset(seed)`` until a sub-environment's episode ends, then two more
        steps (a run); or, given the `first` run, replay its actions and compare."""
        envs = self.envs
        seed = self.seed
        call = f"reset(seed={seed})"
        observations, infos = self.reset(call, seed=seed)
        run = _Run()
        run.keep(call, (observations, infos), None, self.masks() if self.masks else None)
        legal = self.check_masks(observations, infos, call)
        if first is not None and not self.same((observations, infos), first.kept[0][1]):
            raise self.fail(f"{call} is not deterministic: two calls returned different data")
        rng = np.random.default_rng(seed)
        step = 0
        while first is None or step < len(first.actions):
            if first is None:
                actions = self.draw(rng, legal)
            else:
                actions = first.actions[step].copy()
                if step == _after(first.ended) and self.mode is AutoresetMode.NEXT_STEP:
                    # Another action for each sub-environment that ended: it must be
                    # ignored, and the step give the same data.
                    done = first.done
                    actions[done] = self.start + (actions[done] - self.start + 1) % self.actions
            run.actions.append(actions.copy())
            call = f"step {step + 1} after reset(seed={seed})"
            result = envs.step(actions)
            self.check_step(result, call)
            observations, rewards, terminated, truncated, infos = result
            legal = self.check_masks(observations, infos, call)
            done = terminated | truncated
            run.small.append((rewards.copy(), terminated.copy(), truncated.copy()))
            if run.ended is None and done.any():
                run.ended = step
                run.done = done.copy()
                run.final = copy.deepcopy(observations)
            if step < _KEPT_STEPS or (run.ended is not None and step <= run.ended + 2):
                run.keep(call, result, step, self.masks() if self.masks else None)
            if first is not None:
                self.compare(first, step, result, call)
            elif run.ended is not None:
                self.check_autoreset(run, step, result, call)
            step += 1
            if first is not None:
                continue
            if run.ended is not None and (
                step > run.ended + 2 or self.mode is AutoresetMode.DISABLED
            ):
                break
            if run.ended is None and step >= self.max_steps:
                raise self.fail(
                    f"no sub-environment's episode ended within {self.max_steps} steps of "
                    f"random{' legal' if legal is not None else ''} actions, so the autoreset "
                    "could not be checked: give the check more steps (max_steps) or the "
                    "environment fewer (max_episode_steps)"
                )
        if first is None:
            self.check_kept(run)
        return run

    def draw(self, rng: np.random.Generator, legal: Any) -> npt.NDArray[np.int64]:
        """One action per sub-environment: a legal one at random where masks say which."""
        if legal is None:
            drawn: npt.NDArray[np.int64] = rng.integers(0, self.actions, self.count) + self.start
            return drawn
        chosen = np.empty(self.count, dtype=np.int64)
        for index, row in enumerate(legal):
            options = np.flatnonzero(row)
            chosen[index] = options[rng.integers(options.size)] + self.start
        return chosen

    def same(self, left: Any, right: Any) -> bool:
        """Whether two calls returned the same data, the ignored infos aside."""
        return data_equivalence(_strip(left, self.ignored), _strip(right, self.ignored), exact=True)

    def compare(self, first: _Run, step: int, result: Any, call: str) -> None:
        """Step `step` of a replay against the `first` run's."""
        why = (
            _IGNORED
            if step == _after(first.ended) and self.mode is AutoresetMode.NEXT_STEP
            else "steps must be deterministic"
        )
        for name, mine, theirs in zip(
            ("rewards", "terminated", "truncated"), result[1:4], first.small[step], strict=True
        ):
            if not np.array_equal(mine, theirs):
                raise self.fail(
                    f"{call} returned other {name} from the same seed and actions ({theirs}, then "
                    f"{mine}): {why}"
                )
        if step in first.kept_steps and not self.same(result, first.data_at(step)):
            raise self.fail(f"{call} returned other data from the same seed and actions: {why}")

    def check_autoreset(self, run: _Run, step: int, result: Any, call: str) -> None:
        """The steps at and after the first end of an episode, by the autoreset mode."""
        observations, rewards, terminated, truncated, infos = result
        done = run.done
        indices = np.flatnonzero(done).tolist()
        if self.mode is AutoresetMode.NEXT_STEP and step == _after(run.ended):
            if rewards[done].any() or terminated[done].any() or truncated[done].any():
                raise self.fail(
                    f"{call}: under AutoresetMode.NEXT_STEP the step after an episode ends "
                    "starts a new one, with reward 0 and terminated and truncated False; "
                    f"sub-environments {indices} returned rewards {rewards[done]}, terminated "
                    f"{terminated[done]}, truncated {truncated[done]}"
                )
            for index in indices:
                if data_equivalence(_row(observations, index), _row(run.final, index), exact=True):
                    raise self.fail(
                        f"{call}: sub-environment {index} ended at the step before, so under "
                        "AutoresetMode.NEXT_STEP this step must return a new episode's "
                        "observation, not the final one again"
                    )
        if self.mode is AutoresetMode.SAME_STEP and step == run.ended:
            flags = infos.get("_final_obs")
            if not (
                "final_obs" in infos
                and isinstance(flags, np.ndarray)
                and np.array_equal(flags, done)
            ):
                raise self.fail(
                    f"{call}: under AutoresetMode.SAME_STEP infos must hold final_obs, flagged by "
                    f'infos["_final_obs"] for the sub-environments that ended ({indices})'
                )
            single = self.envs.single_observation_space
            for index in indices:
                final = infos["final_obs"][index]
                _check_in_space(self, final, single, f'{call}: infos["final_obs"][{index}]')
                if data_equivalence(_row(observations, index), final, exact=True):
                    raise self.fail(
                        f"{call}: under AutoresetMode.SAME_STEP sub-environment {index} must "
                        'return a new episode\'s observation beside infos["final_obs"]'
                    )

    def check_kept(self, run: _Run) -> None:
        """No data a call returned is shared with another call's or changed since."""
        self.check_not_shared(run.kept)
        for (call, data), snapshot in zip(run.kept, run.snapshots, strict=True):
            if not data_equivalence(data, snapshot, exact=True):
                raise self.fail(
                    f"the data returned by {call} changed when later steps were taken: return "
                    "new arrays on every call"
                )
        for index, mask in enumerate(run.masks):
            self.check(
                not any(np.shares_memory(mask, other) for other in run.masks[index + 1 :]),
                "action_masks() returned arrays that share memory with its earlier ones",
            )
            self.check(
                np.array_equal(mask, run.mask_snapshots[index]),
                "an array action_masks() returned changed when later steps were taken",
            )

    def check_not_shared(self, calls: list[tuple[str, Any]]) -> None:
        for index, (call, data) in enumerate(calls):
            for other, later in calls[index + 1 :]:
                if data_shares_objects(data, later):
                    raise self.fail(
                        f"the data returned by {call} and by {other} share an array, so changing "
                        "one changes the other: return new arrays on every call"
                    )

    # -- close ----------------------------------------------------------------------------

    def check_close(self) -> None:
        for call in ("close()", "close() (again)"):
            try:
                self.envs.close()
            except Exception as error:
                raise self.fail(f"{call} raised {type(error).__name__}: {error}") from error
        self.check(
            getattr(self.envs.unwrapped, "closed", False) is True,
            "close() must leave envs.unwrapped.closed True",
        )


_IGNORED = (
    "under AutoresetMode.NEXT_STEP the step after an episode ends must ignore the action "
    "of the sub-environments that ended (another action gave other data)"
)


class _Run:
    """What one run returned: the actions, every step's rewards and flags, and the whole
    data of the calls kept, each with a copy taken as it was returned."""

    def __init__(self) -> None:
        self.actions: list[npt.NDArray[np.int64]] = []
        self.small: list[tuple[Any, Any, Any]] = []
        self.kept: list[tuple[str, Any]] = []
        self.kept_steps: list[int] = []
        self.snapshots: list[Any] = []
        self.masks: list[Any] = []
        self.mask_snapshots: list[Any] = []
        self.ended: int | None = None
        self.done: npt.NDArray[np.bool_] = np.zeros(0, dtype=bool)
        self.final: Any = None

    def keep(self, call: str, data: Any, step: int | None, mask: Any) -> None:
        self.kept.append((call, data))
        self.snapshots.append(copy.deepcopy(data))
        if step is not None:
            self.kept_steps.append(step)
        if mask is not None:
            self.masks.append(mask)
            self.mask_snapshots.append(mask.copy())

    def data_at(self, step: int) -> Any:
        """The data step `step` returned (it was kept)."""
        return self.kept[self.kept_steps.index(step) + 1][1]


def _after(step: int | None) -> int | None:
    """The step after `step` (None for None): the autoreset step after an end."""
    return None if step is None else step + 1


def _strip(data: Any, ignored: frozenset[str]) -> Any:
    """`data` (what ``reset`` or ``step`` returned) without the infos in `ignored`."""
    if not ignored or not isinstance(data, tuple) or not isinstance(data[-1], dict):
        return data
    infos = {key: value for key, value in data[-1].items() if key not in ignored}
    return (*data[:-1], infos)


def _row(data: Any, index: int) -> Any:
    """Sub-environment `index`'s part of batched data (arrays, dicts and tuples of them)."""
    if isinstance(data, dict):
        return {key: _row(value, index) for key, value in data.items()}
    if isinstance(data, tuple):
        return tuple(_row(value, index) for value in data)
    return data[index]


def _describe_array(value: Any) -> str:
    if isinstance(value, np.ndarray):
        return f"an array of shape {value.shape} and dtype {value.dtype}"
    return describe(value)


def _check_in_space(checker: _Checker, value: Any, space: Any, where: str) -> None:
    """`value` lies in `space`; where not, say why (type, shape, dtype or bounds)."""
    spaces = gymnasium.spaces
    if isinstance(space, spaces.Dict):
        if not (isinstance(value, dict) and set(value) == set(space.spaces)):
            raise checker.fail(
                f"{where} must be a dict with keys {sorted(space.spaces)}, not {describe(value)}"
            )
        for key, inner in space.spaces.items():
            _check_in_space(checker, value[key], inner, f'{where}["{key}"]')
        return
    if isinstance(space, spaces.Tuple):
        if not (isinstance(value, tuple) and len(value) == len(space.spaces)):
            raise checker.fail(
                f"{where} must be a tuple of {len(space.spaces)}, not {describe(value)}"
            )
        for index, inner in enumerate(space.spaces):
            _check_in_space(checker, value[index], inner, f"{where}[{index}]")
        return
    if isinstance(space, spaces.Box):
        if not (isinstance(value, np.ndarray) and value.shape == space.shape):
            raise checker.fail(
                f"{where} must be an array of shape {space.shape}, not {_describe_array(value)}"
            )
        if value.dtype != space.dtype:
            raise checker.fail(
                f"{where} must have dtype {space.dtype}, as the space, not {value.dtype}"
            )
        outside = np.argwhere((value < space.low) | (value > space.high))
        if not (outside.size == 0 and bool(space.contains(value))):
            raise checker.fail(
                f"{where} lies outside the space"
                + (
                    f": entry {tuple(outside[0].tolist())} is {value[tuple(outside[0])]}, outside "
                    f"{space.low[tuple(outside[0])]}..{space.high[tuple(outside[0])]}"
                    if outside.size
                    else ""
                )
            )
        return
    if not bool(space.contains(value)):
        raise checker.fail(f"{where} lies outside {space}: {value!r}")


def _check_info_value(checker: _Checker, value: Any, where: str) -> None:
    """An info's value: an array with one entry per sub-environment, or a dict of them."""
    count = checker.count
    if isinstance(value, dict):
        for key, inner in value.items():
            _check_info_value(checker, inner, f'{where}["{key}"]')
        return
    if not (isinstance(value, np.ndarray) and value.ndim >= 1 and value.shape[0] == count):
        raise checker.fail(
            f"{where} must be an array with one entry per sub-environment (length {count}), "
            f"not {_describe_array(value)}"
        )
