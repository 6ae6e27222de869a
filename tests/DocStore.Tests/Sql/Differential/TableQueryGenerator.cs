using System.Globalization;

namespace DocStore.Tests.Sql.Differential;

/// <summary>
/// Random rows and queries over one table of declared columns, in SQLite's syntax (which DocStore takes
/// unchanged): every affinity (INTEGER, TEXT, REAL, NUMERIC, none) filled from a pool of integers, reals,
/// numeric text, other text in mixed case and NULL, then comparisons of a column with a literal or
/// another column, LIKE, arithmetic on the columns and comparison results used as integers.
/// </summary>
internal sealed class TableQueryGenerator(int seed)
{
    public const string Create = "CREATE TABLE g (k INTEGER PRIMARY KEY, a INTEGER, b TEXT, c REAL, d NUMERIC, e)";

    private static readonly string[] Columns = ["a", "b", "c", "d", "e"];

    private static readonly string[] Literals =
    [
        "NULL", "0", "1", "2", "-3", "10", "2.5", "1e2", "'1'", "'2'", "'10'", "'2.5'", "' 7 '", "'0x10'", "'abc'", "'ABC'", "'Abc'", "'b'", "'12abc'", "'-3'",
    ];

    private static readonly string[] Patterns = ["'a%'", "'A%'", "'%b%'", "'_bc'", "'1%'", "'%.5'", "'abc'"];

    private static readonly string[] Comparisons = ["=", "<>", "<", "<=", ">", ">="];

    private readonly Random _random = new(seed);

    /// <summary>The INSERT statements for <paramref name="rows"/> rows.</summary>
    public IEnumerable<string> Rows(int rows)
    {
        for (var k = 1; k <= rows; k++)
        {
            yield return $"INSERT INTO g VALUES ({k}, {Pick(Literals)}, {Pick(Literals)}, {Pick(Literals)}, {Pick(Literals)}, {Pick(Literals)})";
        }
    }

    /// <summary>The next query; its rows come in key order.</summary>
    public string Next()
    {
        var column = Pick(Columns);
        return _random.Next(7) switch
        {
            0 => $"SELECT k FROM g WHERE {column} {Pick(Comparisons)} {Pick(Literals)} ORDER BY k",
            1 => $"SELECT k FROM g WHERE {column} {Pick(Comparisons)} {Pick(Columns)} ORDER BY k",
            2 => $"SELECT k FROM g WHERE {column}{(_random.Next(3) == 0 ? " NOT" : "")} LIKE {Pick(Patterns)} ORDER BY k",
            3 => $"SELECT k, {column} {Pick(["+", "-", "*"])} {Pick(["1", "2.5", "'3'", Pick(Columns)])} FROM g ORDER BY k",
            4 => $"SELECT k, {column} {Pick(Comparisons)} {Pick(Literals)} FROM g ORDER BY k",
            5 => $"SELECT k FROM g WHERE ({column} {Pick(Comparisons)} {Pick(Literals)}) = {_random.Next(2).ToString(CultureInfo.InvariantCulture)} ORDER BY k",
            _ => $"SELECT k FROM g WHERE {column} IN ({Pick(Literals)}, {Pick(Literals)}) ORDER BY k",
        };
    }

    private string Pick(string[] choices) => choices[_random.Next(choices.Length)];
}
