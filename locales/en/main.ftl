# The bot's messages in English: the language every other locale falls back to.
# Every message here exists in ja/main.ftl and ko/main.ftl with the same arguments
# (tests/locales.rs checks it).

# The language's own name, as a reader of it writes it.
language-name = English
