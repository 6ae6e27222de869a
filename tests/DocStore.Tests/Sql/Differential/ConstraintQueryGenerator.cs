using System.Globalization;

namespace DocStore.Tests.Sql.Differential;

/// <summary>
/// Random writes and queries over a table with constraints, in SQLite's syntax: an INTEGER PRIMARY KEY, a
/// UNIQUE column, a NOT NULL column with a DEFAULT, a two-column UNIQUE, UNIQUE NOCASE and RTRIM columns
/// (so 'A' and 'a', 'a' and 'a ' conflict; the NOCASE one's index also answers the queries) and two DEFAULT
/// expressions. The writes (single and multi-row INSERTs, also OR IGNORE, OR REPLACE, REPLACE INTO, ON
/// CONFLICT DO NOTHING and DO UPDATE with <c>excluded</c>, one or several clauses, UPDATEs by key, DELETEs)
/// often violate a constraint, the key's included; each is followed by <see cref="Snapshot"/>, so the table
/// after it is compared too. The queries compare, sort, group and deduplicate the collated columns.
/// </summary>
internal sealed class ConstraintQueryGenerator(int seed)
{
    public const string Create =
        "CREATE TABLE h (k INTEGER PRIMARY KEY, u INTEGER UNIQUE, n TEXT NOT NULL DEFAULT 'none', s TEXT COLLATE NOCASE UNIQUE, r TEXT COLLATE RTRIM UNIQUE, p INT, q TEXT, d INT DEFAULT (2 * 3 + 1), e TEXT DEFAULT (upper('ab') || 'c'), CONSTRAINT pq UNIQUE (p, q))";

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

    private static readonly string[] Targets = ["(k)", "(u)", "(s)", "(r)", "(p, q)", "(q, p)"];
    private static readonly string[] Updates =
    [
        "u = excluded.u", "s = excluded.s", "r = excluded.r || 'z'", "n = excluded.n", "n = n || excluded.k", "q = excluded.q, p = excluded.p",
        "d = d + 1", "e = excluded.e || e", "u = NULL, s = upper(excluded.s)", "n = coalesce(excluded.s, 'none')",
    ];

    private readonly Random _random = new(seed);

    /// <summary>The next statement: a write (then <see cref="Snapshot"/> should run) or a query whose rows come in order.</summary>
    public string Next(out bool write)
    {
        write = _random.Next(5) < 2;
        return write ? Write() : Query();
    }

    private string Write() => _random.Next(16) switch
    {
        0 or 1 => $"INSERT INTO h VALUES {Rows(Row)}",
        8 => $"INSERT OR IGNORE INTO h VALUES {Rows(Row)}",
        9 => $"INSERT INTO h VALUES {Rows(Row)} ON CONFLICT DO NOTHING",
        2 or 3 => $"INSERT INTO h (k, u, s, r, p, q) VALUES {Rows(ShortRow)}",
        4 => $"UPDATE h SET u = {Pick(Uniques)} WHERE k = {Pick(Keys)}",
        5 => $"UPDATE h SET {Pick(["p", "q", "n", "s", "r"])} = {Pick(["NULL", "1", "'p'", "'x'", "'ABC'", "'a '"])} WHERE k = {Pick(Keys)}",
        6 => $"UPDATE h SET u = NULL WHERE u {Pick(Comparisons)} {Pick(Uniques)}",
        10 => $"INSERT OR REPLACE INTO h VALUES {Rows(Row)}",
        11 => $"REPLACE INTO h (k, u, s, r, p, q) VALUES {Rows(ShortRow)}",
        12 or 13 => $"INSERT INTO h (k, u, s, r, p, q) VALUES {Rows(ShortRow)} {Upsert()}",
        14 => $"INSERT INTO h (k, u, s, r, p, q) VALUES {Rows(ShortRow)} {Upsert()} {(_random.Next(2) == 0 ? "ON CONFLICT DO NOTHING" : Upsert())}",
        _ => $"DELETE FROM h WHERE {Pick(["k", "u", "p"])} {Pick(Comparisons)} {Pick(Keys)}",
    };

    /// <summary>ON CONFLICT on a target: DO NOTHING, or DO UPDATE SET with <c>excluded</c>, sometimes with a WHERE.</summary>
    private string Upsert() => _random.Next(5) switch
    {
        0 => $"ON CONFLICT {Pick(Targets)} DO NOTHING",
        1 => $"ON CONFLICT {Pick(Targets)} DO UPDATE SET {Pick(Updates)} WHERE {Pick(["excluded.u IS NOT NULL", "u < excluded.u", "excluded.s = s", "k > 3"])}",
        _ => $"ON CONFLICT {Pick(Targets)} DO UPDATE SET {Pick(Updates)}",
    };

    private string Rows(Func<string> row) => string.Join(", ", Enumerable.Range(0, 1 + _random.Next(3)).Select(_ => row()));

    private string Row() => $"({Pick(Keys)}, {Pick(Uniques)}, {Pick(Names)}, {Pick(Words)}, {Pick(Padded)}, {Pick(Parts)}, {Pick(Texts)}, {Pick(Parts)}, {Pick(Words)})";

    private string ShortRow() => $"({Pick(Keys)}, {Pick(Uniques)}, {Pick(Words)}, {Pick(Padded)}, {Pick(Parts)}, {Pick(Texts)})";

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
