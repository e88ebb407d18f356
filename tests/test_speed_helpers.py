"""The compiler's faster ``replace`` gives what ``dataclasses.replace`` gives, and refuses what it refuses."""
import dataclasses

import pytest

from interpreter.compiler import effects as fx
from interpreter.compiler.base import replace


@dataclasses.dataclass(frozen=True)
class _Counted:
    name: str
    count: int = 0
    seen: tuple = dataclasses.field(default=(), init=False)


def test_replace_copies_with_the_changes():
    first = _Counted("Draw", 1)
    assert replace(first, count=3) == dataclasses.replace(first, count=3) == _Counted("Draw", 3)
    assert replace(first) == first and replace(first) is not first


def test_replace_refuses_what_dataclasses_refuses():
    with pytest.raises(ValueError):
        replace(_Counted("Draw"), seen=(1,))
    with pytest.raises(TypeError):
        replace(_Counted("Draw"), colour="red")
    with pytest.raises(TypeError):
        replace(object(), count=1)


def test_replace_on_a_selector_of_the_compiler():
    selector = fx.Selector("one", types=("unit",))
    changed = replace(selector, controller="opponent", other=True)
    assert changed == dataclasses.replace(selector, controller="opponent", other=True)
    assert (changed.types, changed.controller, changed.other) == (("unit",), "opponent", True)


@dataclasses.dataclass(frozen=True, slots=True)
class _Base:
    span: int
    rules: tuple = ()


@dataclasses.dataclass(frozen=True, slots=True)
class _Derived(_Base):
    name: str = ""


@dataclasses.dataclass(frozen=True, slots=True)
class _Checked:
    count: int

    def __post_init__(self):
        if self.count < 0:
            raise ValueError("a count is never negative")


def test_replace_copies_the_slots_of_a_class_and_of_its_bases():
    first = _Derived(3, ("811.1",), "Draw")
    changed = replace(first, name="Burn")
    assert type(changed) is _Derived
    assert changed == dataclasses.replace(first, name="Burn") == _Derived(3, ("811.1",), "Burn")
    assert hash(changed) == hash(_Derived(3, ("811.1",), "Burn")) and repr(changed) == repr(_Derived(3, ("811.1",), "Burn"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        changed.name = "Heal"


def test_replace_runs_a_post_init_as_dataclasses_does():
    assert replace(_Checked(1), count=2) == _Checked(2)
    with pytest.raises(ValueError):
        replace(_Checked(1), count=-1)

