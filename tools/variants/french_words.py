#!/usr/bin/env python3
"""Writes tables/Words.fr.csv for the gallery folders whose Words differ from
the French they would inherit: each is the French of the folder it extends
(its Words.fr.csv, or that folder's base's, up to content/chess), with the
rows the folder adds or replaces (its Words.changes.csv) given in French
below. A translation file replaces its base's whole (content/README.md,
Translations), so each holds every row. Run from anywhere; run again after
a base's French changes: tests/suite/translate.rs checks that every gallery
folder's Words rows it adds or changes have French of their own.
"""
import csv
import io
import os

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
VARIANTS = os.path.join(ROOT, "content", "variants")

CHESS_CONTROLS_NO_PROMOTION = (
    "Commandes. Souris : cliquez sur une pièce, puis sur une case, ou faites-la glisser jusqu’à la case ; les "
    "boutons sont sous l’échiquier. Clavier : les flèches déplacent le repère d’une case, Début et Fin vont aux "
    "bouts de sa rangée, Entrée ou Espace activent la case du repère. N rejouer, F retourner, U ou Ctrl+Z reprendre, "
    "H conseil, T menaces, M le menu Partie. Échap ferme un panneau, ou annule la sélection. Tab parcourt les "
    "boutons, Entrée en active un. F11 : plein écran."
)
INTRO = (
    "Les camps jouent chacun à leur tour, les Blancs d’abord. Cliquez sur l’une de vos pièces : des points marquent "
    "les cases où elle peut aller, des anneaux les pièces qu’elle peut prendre. Cliquez sur un point ou un anneau "
    "pour y jouer."
)

# The French of each folder's added or replaced Words rows (its Words.changes.csv), by folder.
FRENCH = {
    "antichess": {
        "Won By White": "Les Blancs gagnent :",
        "Won By Black": "Les Noirs gagnent :",
        "Drawn": "Partie nulle :",
        "Extinction Reason": "plus aucune pièce",
        "Stalemate Reason": "pat",
        "Checkmate Reason": "mat",
    },
    "extinction": {"Extinction Reason": "toutes les pièces d’une sorte perdues"},
    "horde": {"Extinction Reason": "toutes les pièces perdues"},
    "losers": {"Extinction Reason": "il ne reste que le roi"},
    "codrus": {"Extinction Reason": "le roi perdu"},
    "kinglet": {"Extinction Reason": "tous les pions perdus"},
    "threekings": {"Extinction Reason": "un roi perdu"},
    "breakthrough": {
        "Flag Reached By White": "Les Blancs gagnent : une pièce a atteint la dernière rangée",
        "Flag Reached By Black": "Les Noirs gagnent : une pièce a atteint la dernière rangée",
        "Flag Reason": "une pièce a atteint la dernière rangée",
        "How To Play Text": "\n\n".join(
            [
                INTRO,
                "Les pièces : elles sont toutes pareilles. Une pièce avance d’une case, tout droit ou en diagonale, "
                "sur une case vide, et prend une pièce adverse une case en avant en diagonale (jamais tout droit). Il "
                "n’y a ni échec, ni promotion, ni roque.",
                "La fin : le camp dont une pièce atteint la dernière rangée gagne aussitôt. Un camp qui n’a aucun "
                "coup (ses pièces toutes bloquées, ou plus aucune) perd. La même position trois fois, ou cinquante "
                "coups de chaque camp sans prise ni mouvement de pion : la partie est nulle. Vous pouvez aussi "
                "abandonner depuis le menu Partie.",
                CHESS_CONTROLS_NO_PROMOTION,
            ]
        ),
    },
    "jesonmor": {
        "Flag Reached By White": "Les Blancs gagnent : un cavalier a tenu le centre",
        "Flag Reached By Black": "Les Noirs gagnent : un cavalier a tenu le centre",
        "Flag Reason": "un cavalier a tenu le centre",
        "How To Play Text": "\n\n".join(
            [
                "Les camps jouent chacun à leur tour, les Blancs d’abord. Cliquez sur l’un de vos cavaliers : des "
                "points marquent les cases où il peut aller, des anneaux les cavaliers qu’il peut prendre. Cliquez sur "
                "un point ou un anneau pour y jouer.",
                "Les cavaliers : chaque camp en a neuf, et rien d’autre. Un cavalier se déplace en L, deux cases dans "
                "un sens et une sur le côté, en sautant par-dessus les pièces, et prend un cavalier adverse là où il "
                "s’arrête. Il n’y a pas d’échec.",
                "La fin : un cavalier qui se tient sur la case du centre (e5) et la quitte gagne : une fois votre "
                "cavalier sur e5, si votre adversaire ne le prend pas, vous gagnez à votre coup suivant. Un camp qui "
                "n’a plus de cavalier (ou aucun coup) perd. La même position trois fois, ou cinquante coups de chaque "
                "camp sans prise : la partie est nulle. Vous pouvez aussi abandonner depuis le menu Partie.",
                "Commandes. Souris : cliquez sur un cavalier, puis sur une case, ou faites-le glisser jusqu’à la case ; "
                "les boutons sont sous l’échiquier. Clavier : les flèches déplacent le repère d’une case, Début et Fin "
                "vont aux bouts de sa rangée, Entrée ou Espace activent la case du repère. N rejouer, F retourner, U ou "
                "Ctrl+Z reprendre, H conseil, T menaces, M le menu Partie. Échap ferme un panneau, ou annule la "
                "sélection. Tab parcourt les boutons, Entrée en active un. F11 : plein écran.",
            ]
        ),
    },
    "racingkings": {
        "Flag Reached By White": "Les Blancs gagnent : le roi a atteint la dernière rangée",
        "Flag Reached By Black": "Les Noirs gagnent : le roi a atteint la dernière rangée",
        "Flag Draw": "Partie nulle : les deux rois ont atteint la dernière rangée",
        "Flag Reason": "un roi a atteint la dernière rangée",
        "How To Play Text": "\n\n".join(
            [
                INTRO,
                "Roi : une case dans n’importe quelle direction. Dame : autant de cases qu’elle veut le long d’une "
                "rangée, d’une colonne ou d’une diagonale. Tour : le long des rangées et des colonnes. Fou : le long "
                "des diagonales. Cavalier : un L, deux cases dans un sens et une sur le côté, en sautant par-dessus "
                "les pièces. Il n’y a pas de pions.",
                "La course : les deux rois partent de la première rangée, et le premier à atteindre la huitième "
                "rangée gagne. Si les Blancs y arrivent les premiers, les Noirs ont encore un coup : un roi noir qui "
                "atteint aussi la huitième rangée rend la partie nulle. Aucun coup ne peut donner échec, et aucun coup "
                "ne peut laisser votre propre roi attaqué.",
                "La fin : un camp qui n’a aucun coup est pat : la partie est nulle. La même position trois fois, ou "
                "cinquante coups de chaque camp sans prise : la partie est nulle. Vous pouvez aussi abandonner depuis "
                "le menu Partie.",
                CHESS_CONTROLS_NO_PROMOTION,
            ]
        ),
    },
}


def read_rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def base_of(folder):
    """The folder a game folder extends (game.yaml's `extends:`), or None."""
    with open(os.path.join(folder, "game.yaml"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("extends:"):
                return os.path.normpath(os.path.join(folder, line.split(":", 1)[1].strip()))
    return None


def french_of(folder):
    """The Words.fr.csv rows a folder plays with: its own file's, else its base's."""
    own = os.path.join(folder, "tables", "Words.fr.csv")
    if os.path.exists(own):
        return read_rows(own)
    base = base_of(folder)
    return french_of(base) if base else []


def english_changes(folder):
    path = os.path.join(folder, "tables", "Words.changes.csv")
    return read_rows(path) if os.path.exists(path) else []


def write(folder, french):
    base = base_of(folder)
    rows = [dict(r) for r in french_of(base)]
    by_name = {r["name"]: r for r in rows}
    changes = english_changes(folder)
    for change in changes:
        name = change["name"]
        if name not in french:
            raise SystemExit(f"{folder}: no French for the row `{name}` of its Words.changes.csv")
        if change["change"] == "remove":
            rows = [r for r in rows if r["name"] != name]
            continue
        if name in by_name:
            by_name[name]["text"] = french[name]
        else:
            row = {"name": name, "text": french[name]}
            rows.append(row)
            by_name[name] = row
    out = io.StringIO()
    w = csv.DictWriter(out, fieldnames=["name", "text"], lineterminator="\n")
    w.writeheader()
    for r in rows:
        w.writerow({"name": r["name"], "text": r["text"]})
    with open(os.path.join(folder, "tables", "Words.fr.csv"), "w", encoding="utf-8", newline="") as f:
        f.write(out.getvalue())


def main():
    # Bases before the folders that extend them (antichess before its children, extinction before kinglet).
    done = set()

    def visit(name):
        if name in done:
            return
        folder = os.path.join(VARIANTS, name)
        base = base_of(folder)
        parent = os.path.basename(base) if base else None
        if parent in FRENCH:
            visit(parent)
        write(folder, FRENCH[name])
        done.add(name)

    for name in sorted(FRENCH):
        visit(name)
    print(f"wrote Words.fr.csv in {len(done)} folders: {', '.join(sorted(done))}")


if __name__ == "__main__":
    main()
