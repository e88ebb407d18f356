"""Number words of card text, one table both ways: "two" reads as 2 and 2 is written "two"."""
from __future__ import annotations

NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
                9: "nine", 10: "ten"}
WORD_NUMBERS = {word: number for number, word in NUMBER_WORDS.items()}
