namespace DocStore.Benchmarks.Compare.Engines.Sqlite;

/// <summary>
/// The SQLite peer's schema, as a document store on SQLite is usually built: the whole document as JSON
/// text beside an integer primary key, expression indexes on the queried JSON paths, and a side table for
/// the multikey <c>Tags</c> index (SQLite has no multi-valued expression index). YCSB uses the standard
/// YCSB JDBC layout: a text key and ten text columns. docs/benchmarks.md repeats this.
/// </summary>
internal static class SqliteSchema
{
    public const string Create = """
        CREATE TABLE people (id INTEGER PRIMARY KEY, doc TEXT NOT NULL);
        CREATE UNIQUE INDEX people_email ON people (json_extract(doc, '$.email'));
        CREATE INDEX people_age ON people (json_extract(doc, '$.age'));
        CREATE INDEX people_city ON people (json_extract(doc, '$.address.city'));
        CREATE TABLE people_tags (tag TEXT NOT NULL, id INTEGER NOT NULL, PRIMARY KEY (tag, id)) WITHOUT ROWID;
        CREATE TABLE usertable (ycsb_key TEXT PRIMARY KEY, field0 TEXT, field1 TEXT, field2 TEXT, field3 TEXT,
            field4 TEXT, field5 TEXT, field6 TEXT, field7 TEXT, field8 TEXT, field9 TEXT);
        """;

    public const string InsertPerson = "INSERT INTO people (id, doc) VALUES ($id, $doc)";
    public const string InsertTag = "INSERT INTO people_tags (tag, id) VALUES ($tag, $id)";
    public const string DeleteTag = "DELETE FROM people_tags WHERE tag = $tag AND id = $id";
    public const string UpdatePerson = "UPDATE people SET doc = $doc WHERE id = $id";
    public const string DeletePerson = "DELETE FROM people WHERE id = $id";

    /// <summary>The person's tag rows, found through the tag list in its document, so each is a primary-key delete.</summary>
    public const string DeletePersonTags = "DELETE FROM people_tags WHERE id = $id AND tag IN (SELECT value FROM json_each((SELECT doc FROM people WHERE id = $id), '$.tags'))";
    public const string GetPerson = "SELECT doc FROM people WHERE id = $id";
    public const string FindByEmail = "SELECT doc FROM people WHERE json_extract(doc, '$.email') = $email";
    public const string Scan = "SELECT doc FROM people ORDER BY id LIMIT $limit";
    public const string FilterByScore = "SELECT doc FROM people WHERE json_extract(doc, '$.score') < $below ORDER BY id";
    public const string FindByAgeRange = "SELECT doc FROM people WHERE json_extract(doc, '$.age') BETWEEN $low AND $high ORDER BY json_extract(doc, '$.age'), id";
    public const string FindByCity = "SELECT doc FROM people WHERE json_extract(doc, '$.address.city') = $city ORDER BY id";
    public const string FindByTag = "SELECT p.doc FROM people_tags t JOIN people p ON p.id = t.id WHERE t.tag = $tag ORDER BY t.id";

    /// <summary>
    /// An email prefix as a range on the email expression index: <c>LIKE 'p%'</c> could use an index only
    /// with <c>COLLATE NOCASE</c> or <c>case_sensitive_like</c>, so prefix lookups are written as
    /// <c>&gt;= prefix AND &lt; prefix || U+FFFF</c>, which the unique index serves as it stands.
    /// </summary>
    public const string FindByEmailPrefix = "SELECT doc FROM people WHERE json_extract(doc, '$.email') >= $low AND json_extract(doc, '$.email') < $high";
    public const string NameAgeOfScoreBelow = "SELECT json_extract(doc, '$.name'), json_extract(doc, '$.age') FROM people WHERE json_extract(doc, '$.score') < $below";

    /// <summary><c>id IN (...)</c> with <paramref name="count"/> parameters <c>$id0</c>...</summary>
    public static string FindByIds(int count) => $"SELECT doc FROM people WHERE id IN ({string.Join(", ", Enumerable.Range(0, count).Select(i => "$id" + i))})";

    public const string YcsbInsert = "INSERT INTO usertable VALUES ($key, $f0, $f1, $f2, $f3, $f4, $f5, $f6, $f7, $f8, $f9)";
    public const string YcsbRead = "SELECT field0, field1, field2, field3, field4, field5, field6, field7, field8, field9 FROM usertable WHERE ycsb_key = $key";
    public const string YcsbScan = "SELECT field0, field1, field2, field3, field4, field5, field6, field7, field8, field9 FROM usertable WHERE ycsb_key >= $key ORDER BY ycsb_key LIMIT $count";

    public static string YcsbUpdate(int field) => $"UPDATE usertable SET field{field} = $value WHERE ycsb_key = $key";
}
