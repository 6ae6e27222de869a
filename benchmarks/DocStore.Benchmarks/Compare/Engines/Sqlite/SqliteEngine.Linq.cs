using DocStore.Benchmarks.Compare.Data;
using Microsoft.Data.Sqlite;

namespace DocStore.Benchmarks.Compare.Engines.Sqlite;

/// <summary>
/// The <c>linq_*</c> queries in SQLite's terms: the same <c>json_extract</c> statements over the same
/// expression indexes as the other people rows, plus an email prefix as an index range, a two-column
/// projection and an <c>IN</c> list of keys; each statement prepared once.
/// </summary>
internal sealed partial class SqliteEngine : ILinqEngine
{
    private SqliteCommand? _emailPrefix;
    private SqliteCommand? _nameAgeOfScoreBelow;
    private SqliteCommand? _ids;

    public Person? LinqFindByEmail(string email) => FindByEmail(email);

    public void LinqAgeRange(int lowAge, int highAge, List<Person> into) => FindByAgeRange(lowAge, highAge, into);

    public void LinqEmailPrefix(string prefix, List<Person> into)
    {
        _emailPrefix ??= PrepareLinq(SqliteSchema.FindByEmailPrefix, ("$low", SqliteType.Text), ("$high", SqliteType.Text));
        _emailPrefix.Parameters[0].Value = prefix;
        _emailPrefix.Parameters[1].Value = prefix + '\uffff';
        ReadAll(_emailPrefix, into);
    }

    public void LinqCity(string city, List<Person> into) => FindByCity(city, into);

    public void LinqTag(string tag, List<Person> into) => FindByTag(tag, into);

    public void LinqScoreBelow(int below, List<Person> into) => FilterByScoreBelow(below, into);

    public void LinqNameAgeOfScoreBelow(int below, List<(string Name, int Age)> into)
    {
        _nameAgeOfScoreBelow ??= PrepareLinq(SqliteSchema.NameAgeOfScoreBelow, ("$below", SqliteType.Integer));
        _nameAgeOfScoreBelow.Parameters[0].Value = below;
        using var reader = _nameAgeOfScoreBelow.ExecuteReader();
        while (reader.Read())
        {
            into.Add((reader.GetString(0), reader.GetInt32(1)));
        }
    }

    /// <summary>One statement per list length, prepared the first time (the workload always asks for ten keys).</summary>
    public void LinqIdsIn(long[] ids, List<Person> into)
    {
        if (_ids is null || _ids.Parameters.Count != ids.Length)
        {
            _ids?.Dispose();
            _ids = PrepareLinq(SqliteSchema.FindByIds(ids.Length), [.. Enumerable.Range(0, ids.Length).Select(i => ("$id" + i, SqliteType.Integer))]);
        }

        for (var i = 0; i < ids.Length; i++)
        {
            _ids.Parameters[i].Value = ids[i];
        }

        ReadAll(_ids, into);
    }

    private SqliteCommand PrepareLinq(string sql, params (string Name, SqliteType Type)[] parameters)
    {
        var command = _connection.CreateCommand();
        command.CommandText = sql;
        foreach (var (name, type) in parameters)
        {
            command.Parameters.Add(name, type);
        }

        command.Prepare();
        return command;
    }
}
