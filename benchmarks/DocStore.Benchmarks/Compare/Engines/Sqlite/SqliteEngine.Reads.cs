using DocStore.Benchmarks.Compare.Data;
using Microsoft.Data.Sqlite;

namespace DocStore.Benchmarks.Compare.Engines.Sqlite;

/// <summary>Point reads, scans and index queries; each statement runs in SQLite's autocommit read transaction.</summary>
internal sealed partial class SqliteEngine
{
    public Person? GetById(long id) => GetFrom(Enlist(_sql.GetPerson, null), id);

    public Person? FindByEmail(string email)
    {
        var command = Enlist(_sql.FindByEmail, null);
        command.Parameters[0].Value = email;
        using var reader = command.ExecuteReader();
        return reader.Read() ? Deserialize(reader) : null;
    }

    public int Scan(int limit, Action<Person> visit)
    {
        var command = Enlist(_sql.Scan, null);
        command.Parameters[0].Value = limit;
        using var reader = command.ExecuteReader();
        var count = 0;
        while (reader.Read())
        {
            visit(Deserialize(reader));
            count++;
        }

        return count;
    }

    public void FilterByScoreBelow(int below, List<Person> into)
    {
        var command = Enlist(_sql.FilterByScore, null);
        command.Parameters[0].Value = below;
        ReadAll(command, into);
    }

    public void FindByAgeRange(int lowAge, int highAge, List<Person> into)
    {
        var command = Enlist(_sql.FindByAgeRange, null);
        command.Parameters[0].Value = lowAge;
        command.Parameters[1].Value = highAge;
        ReadAll(command, into);
    }

    public void FindByCity(string city, List<Person> into)
    {
        var command = Enlist(_sql.FindByCity, null);
        command.Parameters[0].Value = city;
        ReadAll(command, into);
    }

    public void FindByTag(string tag, List<Person> into)
    {
        var command = Enlist(_sql.FindByTag, null);
        command.Parameters[0].Value = tag;
        ReadAll(command, into);
    }

    public IPersonReader CreateReader() => new Reader(_path ?? throw new InvalidOperationException("Concurrent readers need an on-disk SQLite database."));

    private static Person? GetFrom(SqliteCommand command, long id)
    {
        command.Parameters[0].Value = id;
        using var reader = command.ExecuteReader();
        return reader.Read() ? Deserialize(reader) : null;
    }

    /// <summary>A second connection to the same file, as SQLite needs one per thread; WAL lets it read while the writer commits.</summary>
    private sealed class Reader : IPersonReader
    {
        private readonly SqliteConnection _connection;
        private readonly SqliteCommand _get;

        public Reader(string path)
        {
            _connection = Connect(path);
            _get = _connection.CreateCommand();
            _get.CommandText = SqliteSchema.GetPerson;
            _get.Parameters.Add(new SqliteParameter { ParameterName = "$id" });
            _get.Prepare();
        }

        public Person? GetById(long id) => GetFrom(_get, id);

        public void Dispose()
        {
            _get.Dispose();
            _connection.Dispose();
        }
    }
}
