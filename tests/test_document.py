"""The tab's data model, without Qt: an answer belongs to its inputs; kept answers; messages."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gui.document import CACHED_RESULTS, Document
from solvers import i18n


def test_an_answer_is_current_until_the_inputs_move_on() -> None:
    doc = Document()
    assert not doc.is_current() and not doc.edited()
    doc.validated((1, 2))
    doc.accept("koosaga", (1, 2), 0.01)
    assert doc.is_current() and doc.result_inputs == (1, 2)
    assert doc.edited() and not doc.edited()  # made old once
    doc.validated((1, 3))
    assert not doc.is_current() and doc.result == "koosaga"  # still shown, greyed
    doc.validated(None)  # a field is bad: the message says why
    assert doc.inputs is None
    doc.accept("cubelover", (1, 3))
    assert doc.is_current() and doc.inputs == (1, 3)
    doc.forget_result()
    assert doc.result is None and not doc.is_current()


@given(st.lists(st.integers(0, 9), max_size=30))
def test_the_last_answers_are_kept_by_job(keys: list[int]) -> None:
    doc = Document()
    for key in keys:
        doc.keep(key, key * 10)
    recent: list[int] = []
    for key in reversed(keys):
        if key not in recent:
            recent.append(key)
    for key in range(10):
        found, value = doc.kept(key)
        assert found == (key in recent[:CACHED_RESULTS])
        assert value == (key * 10 if found else None)
    assert doc.kept(None) == (False, None)


def test_a_message_is_made_again_in_the_language_spoken() -> None:
    doc = Document()
    message = doc.say(lambda: i18n._("Cancelled.") + "!", error=True)
    assert message.error and doc.message.text == "Cancelled.!"
    doc.say(lambda: "")
    assert doc.message.text == "" and not doc.message.error
