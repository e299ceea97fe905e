"""The Europa family's shared code: the odds CRT and its results, required losses, Europa
unit values (RE, AEC, heavy), eligibility, vocabulary, references and the air rules.
Not a ruleset: ``total-war`` and ``armour-ratio`` build on it; the core never imports it."""
