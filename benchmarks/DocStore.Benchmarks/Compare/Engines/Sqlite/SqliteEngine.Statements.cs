using Microsoft.Data.Sqlite;

namespace DocStore.Benchmarks.Compare.Engines.Sqlite;

/// <summary>Every statement the peer runs, prepared once on its connection.</summary>
internal sealed partial class SqliteEngine
{
    private sealed class Statements : IDisposable
    {
        private readonly List<SqliteCommand> _all = [];

        public Statements(SqliteConnection connection)
        {
            InsertPerson = Prepare(connection, SqliteSchema.InsertPerson, "$id", "$doc");
            InsertTag = Prepare(connection, SqliteSchema.InsertTag, "$tag", "$id");
            DeleteTag = Prepare(connection, SqliteSchema.DeleteTag, "$tag", "$id");
            UpdatePerson = Prepare(connection, SqliteSchema.UpdatePerson, "$doc", "$id");
            DeletePerson = Prepare(connection, SqliteSchema.DeletePerson, "$id");
            DeletePersonTags = Prepare(connection, SqliteSchema.DeletePersonTags, "$id");
            GetPerson = Prepare(connection, SqliteSchema.GetPerson, "$id");
            FindByEmail = Prepare(connection, SqliteSchema.FindByEmail, "$email");
            Scan = Prepare(connection, SqliteSchema.Scan, "$limit");
            FilterByScore = Prepare(connection, SqliteSchema.FilterByScore, "$below");
            FindByAgeRange = Prepare(connection, SqliteSchema.FindByAgeRange, "$low", "$high");
            FindByCity = Prepare(connection, SqliteSchema.FindByCity, "$city");
            FindByTag = Prepare(connection, SqliteSchema.FindByTag, "$tag");
            YcsbInsert = Prepare(connection, SqliteSchema.YcsbInsert, "$key", "$f0", "$f1", "$f2", "$f3", "$f4", "$f5", "$f6", "$f7", "$f8", "$f9");
            YcsbRead = Prepare(connection, SqliteSchema.YcsbRead, "$key");
            YcsbScan = Prepare(connection, SqliteSchema.YcsbScan, "$key", "$count");
            YcsbUpdate = new SqliteCommand[Data.YcsbRecord.FieldCount];
            for (var i = 0; i < YcsbUpdate.Length; i++)
            {
                YcsbUpdate[i] = Prepare(connection, SqliteSchema.YcsbUpdate(i), "$value", "$key");
            }
        }

        public SqliteCommand InsertPerson { get; }

        public SqliteCommand InsertTag { get; }

        public SqliteCommand DeleteTag { get; }

        public SqliteCommand UpdatePerson { get; }

        public SqliteCommand DeletePerson { get; }

        public SqliteCommand DeletePersonTags { get; }

        public SqliteCommand GetPerson { get; }

        public SqliteCommand FindByEmail { get; }

        public SqliteCommand Scan { get; }

        public SqliteCommand FilterByScore { get; }

        public SqliteCommand FindByAgeRange { get; }

        public SqliteCommand FindByCity { get; }

        public SqliteCommand FindByTag { get; }

        public SqliteCommand YcsbInsert { get; }

        public SqliteCommand YcsbRead { get; }

        public SqliteCommand YcsbScan { get; }

        public SqliteCommand[] YcsbUpdate { get; }

        public void Dispose()
        {
            foreach (var command in _all)
            {
                command.Dispose();
            }
        }

        private SqliteCommand Prepare(SqliteConnection connection, string sql, params string[] parameters)
        {
            var command = connection.CreateCommand();
            command.CommandText = sql;
            foreach (var name in parameters)
            {
                command.Parameters.Add(new SqliteParameter { ParameterName = name });
            }

            command.Prepare();
            _all.Add(command);
            return command;
        }
    }
}
