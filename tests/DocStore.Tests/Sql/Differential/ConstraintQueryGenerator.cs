using System.Globalization;

namespace DocStore.Tests.Sql.Differential;

/// <summary>
/// Random writes and queries over a table with constraints, in SQLite's syntax: an INTEGER PRIMARY KEY, a
/// UNIQUE column, a NOT NULL column with a DEFAULT, a two-column UNIQUE, and NOCASE and RTRIM columns. The
/// writes (single and multi-row INSERTs, also OR IGNORE and ON CONFLICT DO NOTHING, UPDATEs by key, DELETEs) often violate a constraint, the key's included; each is
/// followed by <see cref="Snapshot"/>, so the table after it is compared too. The queries compare, sort,
/// group and deduplicate the collated columns.
/// </summary>
internal sealed class ConstraintQueryGenerator(int seed)
{
    public const string Create =
        "CREATE TABLE h (k INTEGER PRIMARY KEY, u INTEGER UNIQUE, n TEXT NOT NULL DEFAULT 'none', s TEXT COLLATE NOCASE, r TEXT COLLATE RTRIM, p INT, q TEXT, CONSTRAINT pq UNIQUE (p, q))";

    /// <summary>The query that shows the whole table, run after every write.</summary>
    public const string Snapshot = "SELECT * FROM h ORDER BY k";

    // Rows always name their key: DocStore's key sequence does not go back when the largest key is deleted, SQLite's rowid does.
    private static readonly string[] Keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"];
    private static readonly string[] Uniques = ["NULL", "NULL", "1", "2", "3", "'2'", "4.0", "5", "7"];
    private static readonly string[] Names = ["NULL", "'x'", "'y'", "'none'"];
    private static readonly string[] Words = ["NULL", "'abc'", "'ABC'", "'Abc'", "'abd'", "'b'", "'B'", "'a b'", "''"];
    private static readonly string[] Padded = ["NULL", "'a'", "'a '", "'a  '", "'A'", "' a'", "'b '", "'b'", "''", "' '"];
    private static readonly string[] Parts = ["NULL", "1", "2", "'1'"];
    private static readonly string[] Texts = ["NULL", "'p'", "'q'", "'P'"];
    private static readonly string[] Comparisons = ["=", "<>", "<", "<=", ">", ">="];

    private readonly Random _random = new(seed);

    /// <summary>The next statement: a write (then <see cref="Snapshot"/> should run) or a query whose rows come in order.</summary>
    public string Next(out bool write)
    {
        write = _random.Next(5) < 2;
        return write ? Write() : Query();
    }

    private string Write() => _random.Next(10) switch
    {
        0 or 1 => $"INSERT INTO h VALUES {string.Join(", ", Enumerable.Range(0, 1 + _random.Next(3)).Select(_ => Row()))}",
        8 => $"INSERT OR IGNORE INTO h VALUES {string.Join(", ", Enumerable.Range(0, 1 + _random.Next(3)).Select(_ => Row()))}",
        9 => $"INSERT INTO h VALUES {string.Join(", ", Enumerable.Range(0, 1 + _random.Next(3)).Select(_ => Row()))} ON CONFLICT DO NOTHING",
        2 or 3 => $"INSERT INTO h (k, u, s, r, p, q) VALUES {string.Join(", ", Enumerable.Range(0, 1 + _random.Next(3)).Select(_ => $"({Pick(Keys)}, {Pick(Uniques)}, {Pick(Words)}, {Pick(Padded)}, {Pick(Parts)}, {Pick(Texts)})"))}",
        4 => $"UPDATE h SET u = {Pick(Uniques)} WHERE k = {Pick(Keys)}",
        5 => $"UPDATE h SET {Pick(["p", "q", "n", "s"])} = {Pick(["NULL", "1", "'p'", "'x'", "'ABC'"])} WHERE k = {Pick(Keys)}",
        6 => $"UPDATE h SET u = NULL WHERE u {Pick(Comparisons)} {Pick(Uniques)}",
        _ => $"DELETE FROM h WHERE {Pick(["k", "u", "p"])} {Pick(Comparisons)} {Pick(Keys)}",
    };

    private string Row() => $"({Pick(Keys)}, {Pick(Uniques)}, {Pick(Names)}, {Pick(Words)}, {Pick(Padded)}, {Pick(Parts)}, {Pick(Texts)})";

    private string Query()
    {
        var column = Pick(["s", "r"]);
        var literal = column == "s" ? Pick(Words) : Pick(Padded);
        return _random.Next(9) switch
        {
            0 => $"SELECT k FROM h WHERE {column} {Pick(Comparisons)} {literal} ORDER BY k",
            1 => $"SELECT k FROM h WHERE {literal} {Pick(Comparisons)} {column} ORDER BY k",
            2 => $"SELECT k FROM h WHERE {column} {Pick(Comparisons)} {literal} COLLATE {Pick(["BINARY", "NOCASE", "RTRIM"])} ORDER BY k",
            3 => $"SELECT k FROM h WHERE {column} IN ({literal}, {(column == "s" ? Pick(Words) : Pick(Padded))}) ORDER BY k",
            4 => $"SELECT k FROM h WHERE s {Pick(Comparisons)} r ORDER BY k",
            5 => $"SELECT {column}, COUNT(*) FROM h GROUP BY {column} ORDER BY COUNT(*), MIN(k)",
            6 => $"SELECT COUNT(DISTINCT {column}), COUNT(*) FROM (SELECT DISTINCT {column} FROM h)",
            7 => $"SELECT k FROM h ORDER BY {column}{Pick(["", " DESC"])}, k",
            _ => $"SELECT k FROM h WHERE {column} BETWEEN {literal} AND {(column == "s" ? Pick(Words) : Pick(Padded))} ORDER BY k",
        };
    }

    private string Pick(string[] choices) => choices[_random.Next(choices.Length)];

    /// <summary>The seed as text, for failure messages.</summary>
    public override string ToString() => seed.ToString(CultureInfo.InvariantCulture);
}
