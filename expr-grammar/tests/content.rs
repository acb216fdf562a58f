//! Every form of expression the shipped content uses parses, to the tree meant.

mod common;

use common::shown;

/// Each expression as written in content, and its tree.
const CONTENT: &[(&str, &str)] = &[
    ("data('Position', from, 'kind')", "data('Position', from, 'kind')"),
    ("dataCount('Directions')", "dataCount('Directions')"),
    (
        "dataRow('Position', (fromRank - 1) * 8 + (targetFile - 1))",
        "dataRow('Position', (((fromRank - 1) * 8) + (targetFile - 1)))",
    ),
    (
        "dataFind('Slides', 'from', self.squareInfo.name) != (-1)",
        "(dataFind('Slides', 'from', self.squareInfo.name) != (-1))",
    ),
    ("dataFind('Targets', 'reachable', true) != (-1)", "(dataFind('Targets', 'reachable', true) != (-1))"),
    (
        "file >= 1 && file <= 8 && rank >= 1 && rank <= 8",
        "((((file >= 1) && (file <= 8)) && (rank >= 1)) && (rank <= 8))",
    ),
    ("(rank - 1) * 8 + (file - 1)", "(((rank - 1) * 8) + (file - 1))"),
    (
        "isOnBoard == true && data('Position', square, 'kind') != \"\" && data('Position', square, 'side') != side && canCapture == true",
        "((((isOnBoard == true) && (data('Position', square, 'kind') != '')) && (data('Position', square, 'side') != side)) && (canCapture == true))",
    ),
    (
        "self.transform.position.x - 4 * @self.squareMeters",
        "(self.transform.position.x - (4 * @self.squareMeters))",
    ),
    (
        "self.squareInfo.name == other.boardState.lastFrom || self.squareInfo.name == other.boardState.lastTo",
        "((self.squareInfo.name == other.boardState.lastFrom) || (self.squareInfo.name == other.boardState.lastTo))",
    ),
    ("@self.selectedColor", "@self.selectedColor"),
    ("$status", "$status"),
    ("data('Words', 'Your Move', 'text')", "data('Words', 'Your Move', 'text')"),
    ("''", "''"),
    ("\"true\"", "'true'"),
    (
        "enPassantSquare != \"\" && data('Position', from, 'kind') == \"Pawn\" && (targetRank - fromRank) == forward && abs(targetFile - fromFile) == 1",
        "((((enPassantSquare != '') && (data('Position', from, 'kind') == 'Pawn')) && ((targetRank - fromRank) == forward)) && (abs((targetFile - fromFile)) == 1))",
    ),
    ("floor(lastPosition / 2)", "floor((lastPosition / 2))"),
    (
        "dataCount('Position History') / dataCount('Position') - 1",
        "((dataCount('Position History') / dataCount('Position')) - 1)",
    ),
    ("(file + rank) % 2", "((file + rank) % 2)"),
    ("9 - edgeLine", "(9 - edgeLine)"),
    ("hypot(toX - fromX, toY - fromY)", "hypot((toX - fromX), (toY - fromY))"),
    (
        "clamp(self.chooseWithKeysData.place - 1, 1, 4)",
        "clamp((self.chooseWithKeysData.place - 1), 1, 4)",
    ),
    ("floor((dataCount('Move History') - 1) / 2)", "floor(((dataCount('Move History') - 1) / 2))"),
    (
        "objectComponentProperty(\"otherObject\",\"boardState\",\"firstShownMove\") + instanceVar(\"self\",\"line\") + 1",
        "((objectComponentProperty('otherObject', 'boardState', 'firstShownMove') + instanceVar('self', 'line')) + 1)",
    ),
    ("!isPlaying.value", "(!isPlaying.value)"),
    ("-1", "(-1)"),
    ("0.44", "0.44"),
    ("#62745F", "#62745FFF"),
    ("kingLook.value", "kingLook.value"),
    ("spot.x", "spot.x"),
    ("local.index", "local.index"),
];

#[test]
fn every_content_expression_parses() {
    for (src, tree) in CONTENT {
        assert_eq!(shown(src), *tree, "{src}");
    }
}
