using DocStore.Benchmarks.Compare.Data;
using Microsoft.Data.Sqlite;

namespace DocStore.Benchmarks.Compare.Engines.Sqlite;

/// <summary>Inserts, updates and deletes, each call one transaction.</summary>
internal sealed partial class SqliteEngine
{
    public void Insert(IReadOnlyList<Person> people)
    {
        using var tx = _connection.BeginTransaction();
        var insert = Enlist(_sql.InsertPerson, tx);
        var insertTag = Enlist(_sql.InsertTag, tx);
        for (var i = 0; i < people.Count; i++)
        {
            var person = people[i];
            insert.Parameters[0].Value = person.Id;
            insert.Parameters[1].Value = Serialize(person);
            insert.ExecuteNonQuery();
            foreach (var tag in person.Tags)
            {
                insertTag.Parameters[0].Value = tag;
                insertTag.Parameters[1].Value = person.Id;
                insertTag.ExecuteNonQuery();
            }
        }

        tx.Commit();
    }

    public void Update(Person person)
    {
        using var tx = _connection.BeginTransaction();
        var get = Enlist(_sql.GetPerson, tx);
        get.Parameters[0].Value = person.Id;
        Person old;
        using (var reader = get.ExecuteReader())
        {
            old = reader.Read() ? Deserialize(reader) : throw new InvalidOperationException($"SQLite: person {person.Id} does not exist.");
        }

        var update = Enlist(_sql.UpdatePerson, tx);
        update.Parameters[0].Value = Serialize(person);
        update.Parameters[1].Value = person.Id;
        update.ExecuteNonQuery();
        if (!old.Tags.AsSpan().SequenceEqual(person.Tags))
        {
            UpdateTags(tx, old.Tags, person.Tags, person.Id);
        }

        tx.Commit();
    }

    /// <summary>Deletes a person and its tag rows in one transaction (the collection benchmarks' delete); false when absent.</summary>
    public bool Delete(long id)
    {
        using var tx = _connection.BeginTransaction();
        var tags = Enlist(_sql.DeletePersonTags, tx);
        tags.Parameters[0].Value = id;
        tags.ExecuteNonQuery();
        var person = Enlist(_sql.DeletePerson, tx);
        person.Parameters[0].Value = id;
        var deleted = person.ExecuteNonQuery() == 1;
        tx.Commit();
        return deleted;
    }

    private void UpdateTags(SqliteTransaction tx, string[] before, string[] after, long id)
    {
        var delete = Enlist(_sql.DeleteTag, tx);
        var insert = Enlist(_sql.InsertTag, tx);
        foreach (var tag in before)
        {
            if (Array.IndexOf(after, tag) < 0)
            {
                delete.Parameters[0].Value = tag;
                delete.Parameters[1].Value = id;
                delete.ExecuteNonQuery();
            }
        }

        foreach (var tag in after)
        {
            if (Array.IndexOf(before, tag) < 0)
            {
                insert.Parameters[0].Value = tag;
                insert.Parameters[1].Value = id;
                insert.ExecuteNonQuery();
            }
        }
    }

    /// <summary>Microsoft.Data.Sqlite requires a command to name the connection's open transaction (or none).</summary>
    private static SqliteCommand Enlist(SqliteCommand command, SqliteTransaction? tx)
    {
        command.Transaction = tx;
        return command;
    }
}
