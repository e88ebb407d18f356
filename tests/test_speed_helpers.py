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
