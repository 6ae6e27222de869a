using DocStore.Bson.Model;

namespace DocStore.Tests.Sql.Execution;

/// <summary>Every statement kind runs through one reader, one result per statement, in script order.</summary>
public class StatementKindTests
{
    private const string Script = """
        CREATE COLLECTION Notes;
        CREATE INDEX ByTag ON Notes (Tag);
        BEGIN;
        INSERT INTO Notes (_id, Tag) VALUES (1, 'a'), (2, 'b');
        UPDATE Notes SET Tag = 'c' WHERE _id = 2;
        COMMIT;
        BEGIN;
        DELETE FROM Notes WHERE _id = 1;
        ROLLBACK;
        SELECT _id, Tag FROM Notes ORDER BY _id;
        EXPLAIN SELECT * FROM Notes WHERE Tag = 'c';
        EXPLAIN DELETE FROM Notes WHERE Tag = 'c';
        DROP INDEX Notes.ByTag;
        ALTER COLLECTION Notes RENAME TO Memos;
        SELECT COUNT(*) FROM Memos;
        DROP COLLECTION Memos
        """;

    [Fact]
    public void A_script_of_every_statement_kind_runs_in_one_reader()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        var results = new List<string[]>();
        int affected;
        using (var rows = db.Sql.ExecuteReader(Script))
        {
            do
            {
                var lines = new List<string>();
                while (rows.Read())
                {
                    lines.Add(string.Join(" | ", Enumerable.Range(0, rows.FieldCount).Select(i => $"{rows.GetName(i)}={rows.GetValue(i)}")));
                }

                results.Add([.. lines]);
            }
            while (rows.NextResult());
            affected = rows.RecordsAffected;
        }

        Assert.Equal(16, results.Count);
        Assert.All(results.Where((_, i) => i is not (9 or 10 or 11 or 14)), Assert.Empty);
        Assert.Equal(["_id=1 | Tag=\"a\"", "_id=2 | Tag=\"c\""], results[9]);
        Assert.Contains("access=\"index seek\"", Assert.Single(results[10]), StringComparison.Ordinal);
        Assert.Contains("index=\"ByTag\"", Assert.Single(results[11]), StringComparison.Ordinal);
        Assert.Equal(["COUNT(*)=2"], results[14]);

        // Two inserted, one updated, one deleted (then rolled back): the count is of rows changed by the statements.
        Assert.Equal(4, affected);
        Assert.DoesNotContain("Notes", db.GetCollectionNames());
        Assert.DoesNotContain("Memos", db.GetCollectionNames());
    }

    [Theory]
    [InlineData("EXPLAIN INSERT INTO Notes (_id) VALUES (3)", "EXPLAIN INSERT")]
    [InlineData("EXPLAIN CREATE INDEX ByX ON Notes (X)", "EXPLAIN CREATE INDEX")]
    [InlineData("EXPLAIN DROP COLLECTION Notes", "EXPLAIN DROP COLLECTION")]
    [InlineData("EXPLAIN BEGIN", "EXPLAIN BEGIN")]
    public void Explain_of_a_statement_whose_plan_finds_no_rows_is_refused_and_changes_nothing(string sql, string kind)
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.GetCollection("Notes").Insert(new BsonDocument { { "_id", 1 }, { "X", 2 } });

        var error = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute(sql));

        Assert.Equal(DocStoreErrorCode.SqlNotSupported, error.ErrorCode);
        Assert.Contains($"{kind} statements are not supported", error.Message, StringComparison.Ordinal);
        Assert.Equal(1, db.Sql.ExecuteScalar("SELECT COUNT(*) FROM Notes").AsInt64);
        Assert.Empty(db.GetCollection("Notes").Indexes);
    }
}
