"""Rules from the twenty-fifth held-out round, on the real documents."""

from __future__ import annotations

from search.datasheets._qa import DatasheetQA


def test_a_supply_stated_for_a_part_named_again_is_that_parts(qa: DatasheetQA) -> None:
    # "the TB6612FNG's Vcc (logic supply) at 5 V": its VIH is 0.7 x 5 V, not 0.7 x 3.3 V
    answer = qa.ask(
        "An ESP32-WROOM-32 with 3.3 V GPIOs switching a TB6612FNG's AIN1, with the TB6612FNG's "
        "Vcc (logic supply) is 5 V. Are the logic levels valid?"
    )
    assert answer.verdict == "incompatible"
    assert [d.result for d in answer.derived if d.label.startswith("TB6612FNG")] == [3.5, 5.2]


def test_parts_sharing_spi_are_checked_in_both_directions(qa: DatasheetQA) -> None:
    both = qa.ask(
        "MCP3008 on VDD = 5 V wired straight to an ESP32-WROOM-32's SPI pins, no level shifter: ok?"
    )
    assert both.verdict == "incompatible"
    assert "MCP3008 VOH min 4.1 V" in both.answer  # MISO, read by the ESP32
    assert "ESP32-WROOM-32 VOH min 2.64 V < MCP3008 VIH min 3.5 V" in both.answer  # MOSI, SCLK
    # signals said to go one way are checked that way only
    one = qa.ask("ESP32-WROOM-32 SPI outputs into an MCP3008 on VDD = 3.3 V: logic levels ok?")
    assert one.verdict == "compatible"
    assert "MCP3008 VOH" not in one.answer


def test_good_to_go_asks_for_a_check_and_a_value_said_twice_is_checked_once(
    qa: DatasheetQA,
) -> None:
    answer = qa.ask(
        "We'd run the YF-S201 off our 24 V PLC supply (24 V measured at the terminal). Good to go?"
    )
    assert answer.verdict == "incompatible"
    assert answer.answer.count("24 V is outside") == 1
