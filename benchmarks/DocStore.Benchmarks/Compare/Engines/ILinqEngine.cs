using DocStore.Benchmarks.Compare.Data;

namespace DocStore.Benchmarks.Compare.Engines;

/// <summary>
/// The <c>linq_*</c> workloads: the people queries as a LINQ user writes them, each engine in its own
/// idiom (DocStore's <c>Query()</c>, LiteDB's <c>Query()</c>, SQLite's <c>json_extract</c> SQL, or the
/// DocStore baseline of generated <c>FindBy…</c> methods and <c>FindAll().Where(…)</c>). Results without an
/// <c>OrderBy</c> come in whatever order the engine produces; the verifier orders them itself.
/// </summary>
public interface ILinqEngine
{
    /// <summary><c>Where(p =&gt; p.Email == email).FirstOrDefault()</c>, through the unique Email index.</summary>
    Person? LinqFindByEmail(string email);

    /// <summary><c>Where(p =&gt; p.Age &gt;= lowAge &amp;&amp; p.Age &lt;= highAge).OrderBy(p =&gt; p.Age).ThenBy(p =&gt; p.Id)</c>, in that order.</summary>
    void LinqAgeRange(int lowAge, int highAge, List<Person> into);

    /// <summary><c>Where(p =&gt; p.Email.StartsWith(prefix))</c> (ordinal), through the Email index.</summary>
    void LinqEmailPrefix(string prefix, List<Person> into);

    /// <summary><c>Where(p =&gt; p.Address.City == city)</c>, through the path index.</summary>
    void LinqCity(string city, List<Person> into);

    /// <summary><c>Where(p =&gt; p.Tags.Contains(tag))</c>, through the multikey index.</summary>
    void LinqTag(string tag, List<Person> into);

    /// <summary><c>Where(p =&gt; p.Score &lt; below)</c>: no index covers Score.</summary>
    void LinqScoreBelow(int below, List<Person> into);

    /// <summary><c>Where(p =&gt; p.Score &lt; below).Select(p =&gt; new { p.Name, p.Age })</c>: two fields of each match.</summary>
    void LinqNameAgeOfScoreBelow(int below, List<(string Name, int Age)> into);

    /// <summary><c>Where(p =&gt; ids.Contains(p.Id))</c>: a handful of primary keys.</summary>
    void LinqIdsIn(long[] ids, List<Person> into);
}
