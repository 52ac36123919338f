"""Messages localisés — prise en charge du français, 日本語 et des émojis 🎉.

Chaque message a une clé stable ; la traduction peut changer.
"""

from __future__ import annotations

from dataclasses import dataclass

GRÜSSE = {
    "fr": "Bonjour, ça va ?",
    "de": "Grüß Gott",
    "ja": "こんにちは",
    "zh": "你好，世界",
    "ko": "안녕하세요",
    "es": "¡Hola, señor!",
    "emoji": "👋🙂",
}

FLÈCHE = "→"


@dataclass
class Message:
    """Un message traduit.

    Les champs sont immuables après création (en pratique).
    """

    clé: str
    texte: str
    langue: str = "fr"

    def afficher(self, préfixe: str = "» ") -> str:
        """Renvoie le texte précédé de ``préfixe`` — ex. « » Bonjour ».

        日本語の説明もあります。
        """
        return f"{préfixe}{self.texte}"

    def 翻訳(self, 言語: str) -> Message:
        texte = GRÜSSE.get(言語, self.texte)  # 翻訳テーブルを引く
        return Message(self.clé, texte, 言語)


def célébrer(n: int = 3) -> str:
    "Renvoie n confettis 🎉 (sur une seule ligne)."
    return "🎉" * n


def saluer(nom: str, *, poli: bool = True) -> str:
    salut = "Bonjour" if poli else "Salut"
    # « Bonjour » ou « Salut » selon la politesse.
    return f"{salut}, {nom} !"
