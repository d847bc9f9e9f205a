"""The glossary that puts requests typed in other languages into English words."""

from __future__ import annotations

from pathlib import Path

import pytest

from search._select_gloss import Glossary


@pytest.fixture
def glossary(tmp_path: Path) -> Glossary:
    (tmp_path / "es.tsv").write_text(
        "# Spanish\nfarmacia\tpharmacy\nbarata\tcheap\npan\tbread\npan dulce\tsweet bread\n"
        "cerca\tnear\n",
        encoding="utf-8",
    )
    (tmp_path / "vi.tsv").write_text(
        "nhà thuốc\tpharmacy\nmở\topen\nvá xe\ttire repair\n", encoding="utf-8"
    )
    return Glossary.load(tmp_path, english={"pan", "near", "open", "cheap"}, keep={"tianguis"})


def test_a_request_in_another_language_reads_in_english(glossary: Glossary) -> None:
    assert glossary.gloss("farmacia barata cerca del metro") == "pharmacy cheap near del metro"


def test_accents_are_ignored_and_the_longest_phrase_wins(glossary: Glossary) -> None:
    # typed without its accents, and "pan dulce" before "pan"
    assert glossary.gloss("nha thuoc mo 24h") == "pharmacy open 24h"
    assert glossary.gloss("pan dulce barato y farmacia") == "sweet bread barato y pharmacy"


def test_an_english_word_is_glossed_only_in_a_request_of_that_language(
    glossary: Glossary,
) -> None:
    # "pan" alone is English (a frying pan); beside a Spanish word it is bread
    assert glossary.gloss("a non-stick pan for camping") == "a non-stick pan for camping"
    assert glossary.gloss("pan y farmacia") == "bread y pharmacy"


def test_only_the_language_with_most_foreign_phrases_is_read(glossary: Glossary) -> None:
    assert glossary.gloss("vá xe gần đây, nhà thuốc") == "tire repair gần đây, pharmacy"


def test_phrases_kept_as_typed_are_not_glossed(tmp_path: Path) -> None:
    (tmp_path / "es.tsv").write_text("tianguis\tstreet market\n", encoding="utf-8")
    assert Glossary.load(tmp_path, keep={"Tianguis"}).gloss("tianguis") == "tianguis"


def test_a_kept_phrase_is_read_whole(tmp_path: Path) -> None:
    # "posto de saúde" is a clinic the catalogue names itself; "posto" alone a fuel station
    (tmp_path / "pt.tsv").write_text("posto\tgas station\npra\tfor\nde\tof\n", encoding="utf-8")
    glossary = Glossary.load(tmp_path, english={"de"}, keep={"posto de saude"})
    assert glossary.gloss("posto de saúde pra vacina") == "posto de saúde for vacina"


def test_one_foreign_word_among_english_ones_is_not_that_language(tmp_path: Path) -> None:
    # a typo or a name that happens to be a word of another language
    (tmp_path / "de.tsv").write_text("bucher\tbook store\n", encoding="utf-8")
    glossary = Glossary.load(tmp_path, plain={"with", "dry", "aged", "ribeye"})
    assert glossary.gloss("bucher with dry aged ribeye") == "bucher with dry aged ribeye"
    assert glossary.gloss("bücher") == "book store"


def test_a_bad_line_names_its_file_and_line(tmp_path: Path) -> None:
    (tmp_path / "pt.tsv").write_text("farmácia\tpharmacy\nborracharia tire shop\n")
    with pytest.raises(ValueError, match=r"pt\.tsv:2: not 'phrase<TAB>english'"):
        Glossary.load(tmp_path)


def test_a_language_whose_marks_tell_words_apart_is_read_as_typed(tmp_path: Path) -> None:
    (tmp_path / "vi.tsv").write_text(
        "#! marks\ncho\tfor\nchợ\tmarket\nchó\tdog\nmua\tbuy\n", encoding="utf-8"
    )
    glossary = Glossary.load(tmp_path)
    assert glossary.gloss("mua đồ ở chợ cho chó") == "buy đồ ở market for dog"
    # typed without marks, the words are folded as in any other language
    assert glossary.gloss("mua cho") == "buy for"
    # a word typed with marks is no English word, though its folded spelling is one
    (tmp_path / "vi.tsv").write_text("#! marks\nsân chơi\tplayground\n", encoding="utf-8")
    folded_english = Glossary.load(tmp_path, english={"san", "choi"}, plain={"san", "choi"})
    assert folded_english.gloss("sân chơi") == "playground"


def test_a_compound_is_read_as_the_two_words_it_is_made_of(tmp_path: Path) -> None:
    (tmp_path / "de.tsv").write_text(
        "#! compounds\nstraßenbahn\ttram\nhaltestelle\tstop\nnähe\tnearby\nhund\tdog\n"
        "friseur\thairdresser\n",
        encoding="utf-8",
    )
    glossary = Glossary.load(tmp_path, english={"hundreds"})
    assert glossary.gloss("Straßenbahnhaltestelle Nähe") == "tram stop nearby"
    # with a linking s, and never an English word
    assert glossary.gloss("Hundsfriseur") == "dog hairdresser"
    assert glossary.gloss("hundreds") == "hundreds"
    (tmp_path / "de.tsv").write_text("#! compund\nhund\tdog\n", encoding="utf-8")
    with pytest.raises(ValueError, match="compund"):
        Glossary.load(tmp_path)


def test_an_inflected_word_is_read_as_the_held_word_it_ends_differently(tmp_path: Path) -> None:
    (tmp_path / "ru.tsv").write_text(
        "#! inflects\nгде\twhere\nрядом\tnearby\nгимнастика\tgymnastics center\n"
        "машина\tcar\nмашины\tindustrial equipment supplier\n",
        encoding="utf-8",
    )
    (tmp_path / "sq.tsv").write_text(
        "#! inflects\nperde\tblinds shop\nidraulik\tplumber\n", encoding="utf-8"
    )
    (tmp_path / "it.tsv").write_text("idraulico\tplumber\nserve\tneed\n", encoding="utf-8")
    glossary = Glossary.load(tmp_path, english={"serve"})
    # "гимнастику" (accusative) is "гимнастика"
    assert glossary.gloss("где гимнастику рядом") == "where gymnastics center nearby"
    # a stem that held words with different English share is not read ("машин": car, machines)
    assert glossary.gloss("где машину рядом") == "where машину nearby"
    # an ending is no evidence of a language: "idraulico" is not Albanian, so "perde" stays
    assert glossary.gloss("il lavandino perde, serve un idraulico") == (
        "il lavandino perde, need un plumber"
    )
    # without the flag, no word is read by its stem
    (tmp_path / "ru.tsv").write_text(
        "где\twhere\nгимнастика\tgymnastics center\n", encoding="utf-8"
    )
    assert Glossary.load(tmp_path).gloss("где гимнастику") == "where гимнастику"


def test_a_script_written_without_spaces_is_read_by_its_phrases_wherever_they_stand(
    tmp_path: Path,
) -> None:
    (tmp_path / "ja.tsv").write_text(
        "回転寿司\tsushi restaurant\n寿司\tsushi\n近く\tnear\n安い\tcheap\n", encoding="utf-8"
    )
    glossary = Glossary.load(tmp_path)
    assert glossary.gloss("回転寿司 近く") == "sushi restaurant near"
    # with no space between the phrases, and the longest first
    assert glossary.gloss("近くの安い回転寿司") == "near の cheap sushi restaurant"
    # a phrase of more than sixteen such characters is refused
    (tmp_path / "ja.tsv").write_text("回転寿司" * 4 + "回\tsushi\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"ja\.tsv:1"):
        Glossary.load(tmp_path)


def test_a_word_keeps_the_marks_on_its_letters(tmp_path: Path) -> None:
    # Hindi vowel signs and Arabic harakat are marks, not letters: a word holding them is one word
    (tmp_path / "hi.tsv").write_text("दवाई की दुकान\tpharmacy\nपास में\tnear\n", encoding="utf-8")
    (tmp_path / "ar.tsv").write_text("صيدلية\tpharmacy\nمُستشفى\thospital\n", encoding="utf-8")
    glossary = Glossary.load(tmp_path)
    assert glossary.gloss("दवाई की दुकान पास में") == "pharmacy near"
    assert glossary.gloss("أين مُستشفى") == "أين hospital"


def test_thai_is_read_letter_by_letter_with_its_marks(tmp_path: Path) -> None:
    # Thai has no spaces between words and writes vowels and tones as marks on its letters: a
    # phrase is found inside a run of them, and a phrase of thirteen letters is not too long
    (tmp_path / "th.tsv").write_text(
        "นวดแผนไทย\tthai massage\nใกล้ฉัน\tnear me\nร้าน\tshop\nร้านนวดแผนไทย\tthai massage\n",
        encoding="utf-8",
    )
    glossary = Glossary.load(tmp_path)
    assert glossary.gloss("ร้านนวดแผนไทยใกล้ฉัน") == "thai massage near me"
    assert glossary.gloss("ร้านใกล้ฉัน") == "shop near me"
    assert glossary.gloss("นวดแผนไทย ใกล้ฉัน") == "thai massage near me"
    # a Thai mark is never folded away: "อู่" (a garage) is not the letter "อ" of every word
    (tmp_path / "th.tsv").write_text("#! marks\nอู่\tauto repair garage\n", encoding="utf-8")
    assert Glossary.load(tmp_path).gloss("อาคาร") == "อาคาร"
    # a word of many marked letters is one run, not a word per mark
    (tmp_path / "th.tsv").write_text("พิพิธภัณฑ์\tmuseum\n", encoding="utf-8")
    assert Glossary.load(tmp_path).gloss("พิพิธภัณฑ์ใกล้ฉัน") == "museum ใกล้ฉัน"


def test_of_two_languages_that_read_a_request_equally_the_one_yielded_to_wins(
    tmp_path: Path,
) -> None:
    # "academia" is a gym in Brazil and an academy in Galicia; Galician yields to Portuguese
    (tmp_path / "gl.tsv").write_text(
        "#! yields pt\nacademia\tacademy\nbarata\tcheap\n", encoding="utf-8"
    )
    (tmp_path / "pt.tsv").write_text("academia\tgym\nbarata\tcheap\n", encoding="utf-8")
    assert Glossary.load(tmp_path).gloss("academia barata") == "gym cheap"
    # without the line, the first in order is read
    (tmp_path / "gl.tsv").write_text("academia\tacademy\nbarata\tcheap\n", encoding="utf-8")
    assert Glossary.load(tmp_path).gloss("academia barata") == "academy cheap"


def test_tibetan_marks_between_glossed_words_are_dropped(tmp_path: Path) -> None:
    # syllables are split at the tsheg; the tsheg and shad left between English words are no
    # words the model reads
    (tmp_path / "bo.tsv").write_text("ཟ ཁང\trestaurant\nགོང ཆུང\tcheap\n", encoding="utf-8")
    assert Glossary.load(tmp_path).gloss("ཟ་ཁང་གོང་ཆུང།") == "restaurant cheap"


def test_a_kept_phrase_is_no_evidence_of_a_language(tmp_path: Path) -> None:
    # "parque infantil" is the catalogue's own; Danish "is" (ice cream) is English here
    (tmp_path / "da.tsv").write_text("is\tice cream shop\n", encoding="utf-8")
    glossary = Glossary.load(tmp_path, english={"is", "summer"}, keep={"parque infantil"})
    request = "parque infantil with shade, summer is killing us"
    assert glossary.gloss(request) == request


def test_yielding_to_a_language_with_no_glossary_names_the_file(tmp_path: Path) -> None:
    (tmp_path / "gl.tsv").write_text("#! yields xx\nbarata\tcheap\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"gl\.tsv: yields to no glossary \['xx'\]"):
        Glossary.load(tmp_path)


def test_a_verbs_stem_may_lead_a_compound(tmp_path: Path) -> None:
    # German drops a verb's "-en" before the second part: "Reitunterricht" is riding lessons
    (tmp_path / "de.tsv").write_text(
        "#! compounds\nreiten\triding\nunterricht\tlessons\nfür\tfor\n", encoding="utf-8"
    )
    assert Glossary.load(tmp_path).gloss("reitunterricht für") == "riding lessons for"


def test_a_pronoun_written_onto_a_held_word_is_read_off(tmp_path: Path) -> None:
    (tmp_path / "ar.tsv").write_text(
        "#! suffixes ي ها\nسيارة\tcar\nأغسل\twash\nوين\twhere\n", encoding="utf-8"
    )
    glossary = Glossary.load(tmp_path)
    # "سيارتي" (my car) is سيارة, its ة written ت before the suffix; "أغسلها" (wash it) is أغسل
    assert glossary.gloss("وين أغسلها سيارتي") == "where wash car"
    # a word that is no held word with a suffix stays as typed
    assert glossary.gloss("وين كتابي") == "where كتابي"
    # without the directive, no suffix is read off
    (tmp_path / "ar.tsv").write_text("سيارة\tcar\nوين\twhere\n", encoding="utf-8")
    assert Glossary.load(tmp_path).gloss("وين سيارتي") == "where سيارتي"
