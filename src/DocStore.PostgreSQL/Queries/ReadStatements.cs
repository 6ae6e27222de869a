namespace DocStore.PostgreSQL.Queries;

/// <summary>
/// The SQL of a collection's point reads, counts and unique finds, built once with positional parameters: a
/// single-key index is read from its key column in the collection's table, a multikey one from its entry table.
/// </summary>
internal sealed class ReadStatements
{
    private readonly string?[] _findUnique;
    private readonly string[] _countFrom;
    private readonly string[] _countBetween;

    public ReadStatements(string table, string[] indexTables, string?[] keyColumns)
    {
        Get = $"SELECT doc FROM {table} WHERE id = $1";
        Count = $"SELECT count(*) FROM {table}";
        _findUnique = [.. keyColumns.Select(c => c is null ? null : $"SELECT doc FROM {table} WHERE {c} = $1")];

        // A multikey document counts once, however many of its elements match.
        _countFrom = [.. keyColumns.Select((c, i) => c is null ? $"SELECT count(DISTINCT id) FROM {indexTables[i]} WHERE entry >= $1" : $"SELECT count(*) FROM {table} WHERE {c} >= $1")];
        _countBetween = [.. keyColumns.Select((c, i) => _countFrom[i] + $" AND {c ?? "entry"} < $2")];
    }

    /// <summary>The document with key <c>$1</c>.</summary>
    public string Get { get; }

    public string Count { get; }

    /// <summary>The document whose unique index key is <c>$1</c> (a unique index is never multikey, so always a key column).</summary>
    public string FindUnique(int index) => _findUnique[index] ?? throw new InvalidOperationException($"Index {index} is multikey, not unique.");

    /// <summary>Counts the documents with keys from <c>$1</c>, before <c>$2</c> when <paramref name="bounded"/>.</summary>
    public string CountEqual(int index, bool bounded) => bounded ? _countBetween[index] : _countFrom[index];
}
