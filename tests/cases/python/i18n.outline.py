"""Messages localisés — prise en charge du français, 日本語 et des émojis 🎉."""

from __future__ import annotations

from dataclasses import dataclass

GRÜSSE = {...}

FLÈCHE = "→"


@dataclass
class Message:
    """Un message traduit."""

    clé: str
    texte: str
    langue: str = "fr"

    def afficher(self, préfixe: str = "» ") -> str:
        """Renvoie le texte précédé de ``préfixe`` — ex. « » Bonjour »."""
        ...

    def 翻訳(self, 言語: str) -> Message:
        ...


def célébrer(n: int = 3) -> str:
    "Renvoie n confettis 🎉 (sur une seule ligne)."
    ...


def saluer(nom: str, *, poli: bool = True) -> str:
    ...
