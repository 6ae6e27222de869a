// Npgsql's own allocations per statement: reading the document column several ways, and a prepared
// SELECT 1 with new or kept commands and connection objects (docs/postgresql.md, "Allocations").
using Npgsql;
using NpgsqlTypes;

public static class Raw
{
    public static void Run(string cs)
    {
        using var ds = NpgsqlDataSource.Create(cs + ";Search Path=probe");
        var buf = new byte[65536];
        void M(string name, Action op)
        {
            try
            {
                for (var i = 0; i < 200; i++) op();
                var before = GC.GetAllocatedBytesForCurrentThread();
                for (var i = 0; i < 2000; i++) op();
                Console.WriteLine($"raw {name,-34} {(GC.GetAllocatedBytesForCurrentThread() - before) / 2000,8:N0} B/op");
            }
            catch (Exception e) { Console.WriteLine($"raw {name} FAILED {e.GetType().Name}: {e.Message}"); }
        }
        void Read(string sql, Func<NpgsqlDataReader, int> read, bool reuseCmd = false, bool reuseConn = false, bool prepare = true)
        {
            NpgsqlCommand? cmd = null; NpgsqlParameter<long>? p = null; NpgsqlConnection? kept = reuseConn ? ds.CreateConnection() : null;
            M($"{(reuseCmd ? "cmd+" : "")}{(reuseConn ? "conn+" : "")}{(prepare ? "" : "noprep ")}{sql}", () =>
            {
                NpgsqlConnection conn;
                if (kept is not null) { kept.Open(); conn = kept; } else conn = ds.OpenConnection();
                try
                {
                    if (!reuseCmd || cmd is null) { cmd = new NpgsqlCommand(sql, conn); p = new NpgsqlParameter<long> { TypedValue = 5 }; cmd.Parameters.Add(p); }
                    else cmd.Connection = conn;
                    p!.TypedValue = 7;
                    if (prepare) cmd.Prepare();
                    using var r = cmd.ExecuteReader();
                    r.Read(); read(r);
                    if (!reuseCmd) cmd.Dispose();
                }
                finally { if (kept is not null) kept.Close(); else conn.Dispose(); }
            });
        }
        Read("SELECT doc::text FROM \"People\" WHERE id = $1", r => r.GetFieldValue<byte[]>(0).Length);
        Read("SELECT doc::text FROM \"People\" WHERE id = $1", r => (int)r.GetBytes(0, 0, buf, 0, buf.Length));
        Read("SELECT doc FROM \"People\" WHERE id = $1", r => (int)r.GetBytes(0, 0, buf, 0, buf.Length));
        Read("SELECT convert_to(doc::text,'UTF8') FROM \"People\" WHERE id = $1", r => (int)r.GetBytes(0, 0, buf, 0, buf.Length));
        Read("SELECT doc::text FROM \"People\" WHERE id = $1", r => { using var s = r.GetStream(0); return s.Read(buf); });
        Read("SELECT doc FROM \"People\" WHERE id = $1", r => { using var s = r.GetStream(0); return s.Read(buf); });
        Read("SELECT 1 FROM \"People\" WHERE id = $1", r => 1);
        Read("SELECT 1 FROM \"People\" WHERE id = $1", r => 1, reuseCmd: true);
        Read("SELECT 1 FROM \"People\" WHERE id = $1", r => 1, reuseCmd: true, reuseConn: true);
        Read("SELECT 1 FROM \"People\" WHERE id = $1", r => 1, reuseConn: true);
        Read("SELECT 1 FROM \"People\" WHERE id = $1", r => 1, reuseCmd: true, reuseConn: true, prepare: false);
        M("open/close only", () => { using var c = ds.OpenConnection(); });
        var k2 = ds.CreateConnection();
        M("reopen kept", () => { k2.Open(); k2.Close(); });
    }
}
