"""The compiled-list cache: a data-only format, validated; content keys; a safe directory."""

from __future__ import annotations

import json
import os
import pickle
import struct
import warnings
import zlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzzing import examples
from puzzlewright.lexicon import Alphabet, LengthIndex, WordList, cache, load_wordlist

ENTRIES = {"CROSS": 50, "CROPS": 40, "CHOPS": 45, "TO": 74, "EGG": 45, "ZEPHYR": 28, "Ё": 1}
WORDS = WordList(ENTRIES.items(), Alphabet("ABCDEFGHIJKLMNOPQRSTUVWXYZЁ"), "sample")


def same(a: WordList, b: WordList) -> bool:
    return (
        a.scores() == b.scores()
        and a.name == b.name
        and a.alphabet == b.alphabet
        and all(a.index(n).bits == b.index(n).bits for n in a.lengths)
        and [e.word for e in a.match("C?O?S")] == [e.word for e in b.match("C?O?S")]
    )


def test_round_trip_keeps_words_scores_indexes_and_extra() -> None:
    words, extra = cache.decode(cache.encode(WORDS, {"reports": [1, "x"]}))
    assert same(words, WORDS) and extra == {"reports": [1, "x"]}
    assert list(words) == list(WORDS)


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d[:-1],  # truncated
        lambda d: d[:20],  # header only
        lambda d: b"",
        lambda d: d + b"x",  # trailing byte
        lambda d: b"\x80" + d[1:],  # bad magic
        lambda d: d[:8] + struct.pack("<I", 99) + d[12:],  # another format version
        lambda d: d[:-3] + bytes([d[-3] ^ 1]) + d[-2:],  # one bit flipped: checksum
        lambda d: pickle.dumps(WORDS),  # a pickle (never loaded)
    ],
)
def test_damaged_entries_are_invalid(damage) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(cache._Invalid):
        cache.decode(damage(cache.encode(WORDS)))


def forged(meta_change, blobs_change=lambda b: b) -> bytes:  # type: ignore[no-untyped-def]
    """An entry with valid checksums (header, metadata, every section) but a payload of
    the wrong shape."""
    data = cache.encode(WORDS)
    payload = data[cache.HEADER.size :]
    (size,) = struct.unpack_from("<I", payload)
    meta = json.loads(payload[4 : 4 + size])
    body = blobs_change(payload[4 + size :])
    at = 0
    for spec in meta["lengths"]:  # checksum the (changed) sections where they were
        _, count, words_size, columns, _ = spec
        end = at + words_size + 8 * count + sum(map(len, columns)) * ((count + 7) // 8)
        spec[4] = zlib.crc32(body[at:end])
        at = end
    meta_change(meta)
    head = json.dumps(meta).encode()
    block = struct.pack("<I", len(head)) + head
    new = block + body
    return cache.HEADER.pack(cache.MAGIC, cache.VERSION, len(new), zlib.crc32(block)) + new


def test_forged_helper_gives_a_valid_entry_when_nothing_changes() -> None:
    words, _ = cache.decode(forged(lambda m: None))
    assert same(words, WORDS)


@pytest.mark.parametrize(
    "change",
    [
        lambda m: m.update(alphabet=5),
        lambda m: m.update(lengths="lots"),
        lambda m: m["lengths"][0].__setitem__(1, 10**6),  # more words than bytes
        lambda m: m["lengths"][0].__setitem__(0, 3),  # words of the wrong length
        lambda m: m["lengths"][1].__setitem__(3, ["AB", "C", "D"]),  # columns of another length
        lambda m: m["lengths"][0][3].__setitem__(0, "%"),  # a letter outside the alphabet
        lambda m: m["lengths"].append(m["lengths"][0]),  # a length twice (and blobs missing)
        lambda m: m.update(alphabet="AA"),
        lambda m: m["lengths"][0].__setitem__(2, -1),
        lambda m: m["lengths"][0].__setitem__(4, "crc"),  # a checksum that is no number
        lambda m: m["lengths"][0].pop(),  # the pre-section layout (version 3)
        lambda m: m["lengths"].pop(),  # a section left over: trailing bytes
    ],
)
def test_checksummed_entries_of_the_wrong_shape_are_invalid(change) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(cache._Invalid):
        cache.decode(forged(change))
    with pytest.raises(cache._Invalid):  # a lazy read refuses it too, or rebuilds the length
        words, _ = cache.decode(forged(change), fallback=refuse)
        words.build_all()


def refuse(length: int) -> LengthIndex:
    raise cache._Invalid(f"fallback asked for length {length}")


def rebuild(length: int) -> LengthIndex:
    return WORDS.index(length)


def test_a_lazy_read_decodes_only_the_lengths_asked_for() -> None:
    asked: list[int] = []

    def fallback(length: int) -> LengthIndex:
        asked.append(length)
        return rebuild(length)

    words, extra = cache.decode(cache.encode(WORDS, [1]), fallback=fallback)
    assert extra == [1] and words._indexes == {}  # nothing decoded yet
    assert [e.word for e in words.match("C?O?S")] == ["CROSS", "CHOPS", "CROPS"]
    assert words.score("CROSS") == 50 and "EGG" in words and words.score("EGGS") is None
    assert sorted(words._indexes) == [3, 4, 5] and not words.index(4)  # no 4s: empty
    assert 6 in words._pending and 2 in words._pending  # never asked for: still unread
    assert same(words, WORDS) and asked == []


def test_a_damaged_section_is_a_miss_for_its_length_only() -> None:
    data = bytearray(cache.encode(WORDS))
    data[-3] ^= 1  # inside the last section (length 6: ZEPHYR)
    with pytest.raises(cache._Invalid):  # read whole: a miss
        cache.decode(bytes(data))
    asked: list[int] = []

    def fallback(length: int) -> LengthIndex:
        asked.append(length)
        return rebuild(length)

    words, _ = cache.decode(bytes(data), fallback=fallback)
    assert words.score("CROSS") == 50 and asked == []
    assert words.score("ZEPHYR") == 28 and asked == [6]  # rebuilt, not read damaged
    assert same(words, WORDS)


def test_bitsets_with_stray_bits_are_invalid() -> None:
    # the first length holds 1 word ("Ё" or "TO" ...): set every bit of its first bitset
    def stray(blob: bytes) -> bytes:
        return blob[:-1] + b"\xff"

    with pytest.raises(cache._Invalid):
        cache.decode(forged(lambda m: None, stray))


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_damage_is_a_miss_or_the_same_list(data: st.DataObject) -> None:
    """Flip, cut or insert bytes anywhere: decode either fails cleanly or gives the list."""
    raw = bytearray(cache.encode(WORDS))
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(raw) - 1))
        kind = data.draw(st.sampled_from(["flip", "cut", "insert"]))
        if kind == "flip":
            raw[at] ^= data.draw(st.integers(1, 255))
        elif kind == "cut":
            del raw[at : at + data.draw(st.integers(1, 16))]
        else:
            raw[at:at] = data.draw(st.binary(min_size=1, max_size=8))
    try:
        words, _ = cache.decode(bytes(raw))
    except cache._Invalid:
        pass
    else:
        assert same(words, WORDS)
    try:  # read lazily: a miss, or the list (damaged lengths rebuilt)
        words, _ = cache.decode(bytes(raw), fallback=rebuild)
    except cache._Invalid:
        return
    assert same(words, WORDS)


def big_list(path: Path, marker: str = "") -> Path:
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    words = [a + b + c + d for a in letters[:12] for b in letters for c in letters for d in "AEIOU"]
    path.write_text(marker + "".join(f"{w};{len(w) * 7}\n" for w in words))
    return path


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "cache"
    monkeypatch.setenv("PUZZLEWRIGHT_CACHE_DIR", str(home))
    return home


def test_cache_dir_is_private_and_entries_are_pwl(tmp_path: Path, cache_home: Path) -> None:
    load_wordlist([big_list(tmp_path / "big.txt")])
    assert (cache_home.stat().st_mode & 0o777) == 0o700
    assert ((cache_home / "lists").stat().st_mode & 0o777) == 0o700
    assert [p.suffix for p in (cache_home / "lists").iterdir()] == [".pwl"]


def test_an_edit_with_size_and_mtime_restored_is_not_served_stale(
    tmp_path: Path, cache_home: Path
) -> None:
    path = big_list(tmp_path / "big.txt", "alpha;50\n")
    first, _ = load_wordlist([path])
    stat = path.stat()
    big_list(path, "omega;50\n")  # same size
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))  # as cp -p or tar would
    assert path.stat().st_size == stat.st_size and path.stat().st_mtime_ns == stat.st_mtime_ns
    again, _ = load_wordlist([path])
    assert "OMEGA" in again and "ALPHA" not in again and "ALPHA" in first


def test_damaged_or_foreign_entries_are_rebuilt(tmp_path: Path, cache_home: Path) -> None:
    path = big_list(tmp_path / "big.txt")
    words, reports = load_wordlist([path])
    (entry,) = (cache_home / "lists").iterdir()
    for content in (b"garbage", entry.read_bytes()[:-10], pickle.dumps(("not", "a list"))):
        entry.write_bytes(content)
        again, again_reports = load_wordlist([path])
        assert again.scores() == words.scores() and again_reports == reports
        assert cache.read_entry(entry) is not None  # rewritten, valid again


def test_an_entry_with_reports_of_the_wrong_shape_is_a_miss(
    tmp_path: Path, cache_home: Path
) -> None:
    path = big_list(tmp_path / "big.txt")
    words, reports = load_wordlist([path])
    (entry,) = (cache_home / "lists").iterdir()
    entry.write_bytes(cache.encode(words, [{"path": 5}]))  # valid entry, wrong report data
    again, again_reports = load_wordlist([path])
    assert again_reports == reports and again.scores() == words.scores()


@pytest.mark.parametrize("mode", [0o777, 0o770, 0o722])
def test_a_folder_others_can_write_is_refused(tmp_path: Path, mode: int) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(mode)
    cache._refused.clear()
    with pytest.warns(cache.CacheWarning, match="writable by others"):
        assert cache.safe_dir(shared) is None


def test_a_folder_of_another_user_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = tmp_path / "mine"
    mine.mkdir(mode=0o700)
    cache._refused.clear()
    monkeypatch.setattr(os, "getuid", lambda: mine.stat().st_uid + 1)
    with pytest.warns(cache.CacheWarning, match="belongs to another user"):
        assert cache.safe_dir(mine) is None


def test_lists_still_load_without_a_usable_cache(tmp_path: Path, cache_home: Path) -> None:
    cache_home.mkdir(mode=0o700)
    cache_home.chmod(0o777)
    cache._refused.clear()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        words, _ = load_wordlist([big_list(tmp_path / "big.txt")])
    assert len(words) > cache.MIN_ENTRIES
    assert [w.category for w in caught] == [cache.CacheWarning]
    assert list(cache_home.iterdir()) == []  # nothing written into the shared folder


def test_old_pickles_are_removed_not_read(tmp_path: Path, cache_home: Path) -> None:
    (cache_home / "lists").mkdir(parents=True, mode=0o700)
    cache_home.chmod(0o700)
    old = cache_home / "lists" / "0123.pickle"
    old.write_bytes(pickle.dumps(WORDS))
    load_wordlist([big_list(tmp_path / "big.txt")])
    assert not old.exists()


def test_stwl_from_cache_is_the_same_list(stwl_path: Path, cache_home: Path) -> None:
    first, reports = load_wordlist([stwl_path])
    again, again_reports = load_wordlist([stwl_path])
    assert again_reports == reports
    assert len(again) == len(first) == 303_260
    assert again.index(7).bits == first.index(7).bits
    assert again.scores() == first.scores()


def multi_length_list(path: Path) -> Path:
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    words = [a + b + c + d for a in letters[:12] for b in letters for c in letters for d in "AEIOU"]
    words += [w + "S" for w in words[:5000]] + [w[:3] for w in words[::40]]
    path.write_text("".join(f"{w};{len(w) * 7}\n" for w in words))
    return path


def test_a_cached_list_reads_only_the_lengths_used(tmp_path: Path, cache_home: Path) -> None:
    path = multi_length_list(tmp_path / "multi.txt")
    first, reports = load_wordlist([path])
    again, again_reports = load_wordlist([path])
    assert again_reports == reports and again._indexes == {}
    assert again.score("BAKE") == first.score("BAKE") == 28 and sorted(again._indexes) == [4]
    assert again.index(5).bits == first.index(5).bits and 3 in again._pending
    assert again.scores() == first.scores() and again.lengths == [3, 4, 5]


def test_a_damaged_length_in_a_cached_file_is_rebuilt(tmp_path: Path, cache_home: Path) -> None:
    path = multi_length_list(tmp_path / "multi.txt")
    first, _ = load_wordlist([path])
    (entry,) = (cache_home / "lists").iterdir()
    data = bytearray(entry.read_bytes())
    data[-3] ^= 0x10  # a bitset of the 5-letter section
    entry.write_bytes(bytes(data))
    again, _ = load_wordlist([path])
    assert again.score("BAKE") == 28  # the 4-letter section is fine
    assert again.index(5).bits == first.index(5).bits  # rebuilt from the file, not the cache
    assert cache.read_entry(entry) is not None  # and the entry rewritten whole


@pytest.mark.parametrize(
    "env",
    [
        {"XDG_CACHE_HOME": "/tmp/xdg-cache", "HOME": "/home/someone"},
        {"XDG_CACHE_HOME": "relative/ignored", "HOME": "/home/someone"},
        {"XDG_CACHE_HOME": "", "HOME": "/home/someone"},
    ],
)
def test_the_cache_dir_is_where_platformdirs_puts_it(
    env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from platformdirs import user_cache_dir

    monkeypatch.delenv("PUZZLEWRIGHT_CACHE_DIR", raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert cache.cache_dir() == Path(user_cache_dir("puzzlewright"))


def test_a_file_entry_is_read_a_length_at_a_time(tmp_path: Path) -> None:
    path = tmp_path / "entry.pwl"
    tmp_path.chmod(0o700)
    path.write_bytes(cache.encode(WORDS, "x"))
    found = cache.read_entry(path, fallback=refuse)
    assert found is not None and found[1] == "x"
    words = found[0]
    assert words._indexes == {}  # nothing read past the metadata yet
    other = WordList([("CROSS", 1)], WORDS.alphabet, "other")
    (tmp_path / "new.pwl").write_bytes(cache.encode(other))
    os.replace(tmp_path / "new.pwl", path)  # a writer renames a new entry over it
    assert words.score("CROSS") == 50 and same(words, WORDS)  # still the file it opened


def test_a_file_cut_short_after_opening_falls_back(tmp_path: Path) -> None:
    path = tmp_path / "entry.pwl"
    tmp_path.chmod(0o700)
    path.write_bytes(cache.encode(WORDS))
    found = cache.read_entry(path, fallback=rebuild)
    assert found is not None
    with path.open("r+b") as handle:  # cut in place: the open file reads short
        handle.truncate(cache.HEADER.size + 10)
    assert same(found[0], WORDS)  # every length rebuilt, none read damaged


def test_threads_reading_the_same_lengths_all_get_them(tmp_path: Path) -> None:
    """The workbench shares one list between threads: a length read once, never empty."""
    from concurrent.futures import ThreadPoolExecutor

    tmp_path.chmod(0o700)
    path = tmp_path / "entry.pwl"
    path.write_bytes(cache.encode(WORDS))
    for _ in range(20):
        found = cache.read_entry(path, fallback=refuse)
        assert found is not None
        words = found[0]
        with ThreadPoolExecutor(8) as pool:
            lengths = [5, 5, 3, 5, 6, 5, 3, 6] * 4
            counts = list(pool.map(lambda n, w=words: len(w.index(n)), lengths))
        assert counts == [3, 3, 1, 3, 1, 3, 1, 1] * 4
