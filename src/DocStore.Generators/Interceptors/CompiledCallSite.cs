using DocStore.Generators.Model;

namespace DocStore.Generators.Interceptors;

/// <summary>How the compiled plan reaches the matching index entries.</summary>
internal enum SeekKind
{
    /// <summary>One key: <c>p.Email == email</c>.</summary>
    Equality,

    /// <summary>Integer bounds: <c>p.Age &gt;= low &amp;&amp; p.Age &lt;= high</c>, or one of them.</summary>
    Range,

    /// <summary>A string prefix: <c>p.Email.StartsWith(prefix)</c>.</summary>
    Prefix,

    /// <summary>Primary-key lookups, each key once, in key order: <c>ids.Contains(p.Id)</c>.</summary>
    In,

    /// <summary>A full scan in key order, the filter tested on the stored bytes through the field readers.</summary>
    Scan,
}

/// <summary>
/// One comparison of the filter, with the member on the left: the operator, where its value operand sits
/// in the expression tree (a C# pattern binding it to <c>v{n}</c>), and the name Explain() gives it.
/// </summary>
/// <param name="Operator">==, !=, &lt;, &lt;=, &gt;, &gt;= (member first; a scan keeps the filter's order), StartsWith, In.</param>
/// <param name="Name">The parameter name in the plan text.</param>
/// <param name="ValueType">For a scan, the C# type the value is compared as (<c>int</c>, <c>string?</c>, <c>double?</c>).</param>
/// <param name="Component">For a composite index walk, the position of the index path the comparison is on.</param>
/// <param name="Missing">For an index walk, the constant initializer a missing member reads as (C# text); empty for the type's default.</param>
internal sealed record SeekBound(string Operator, string Name, string ValueType = "", int Component = 0, string Missing = "");

/// <summary>
/// A query call site the generator compiles a plan for: where to intercept, the signature of the
/// intercepted method, and the plan (the index, how its bounds come from the tree's values, the order,
/// Skip and Take). Value-equatable: no symbols, so the pipeline caches it.
/// </summary>
/// <param name="Version">The <c>InterceptsLocation</c> version.</param>
/// <param name="Data">The <c>InterceptsLocation</c> data.</param>
/// <param name="Display">Where the call is, for a comment.</param>
/// <param name="Terminal">The intercepted method's name (ToList, Count, FirstOrDefaultAsync, Explain, ...).</param>
/// <param name="Container">The intercepted method's type, fully qualified.</param>
/// <param name="ReturnType">Its return type, fully qualified.</param>
/// <param name="Parameters">Its parameters as declared ("type name" or "type name = default"), the source first.</param>
/// <param name="ArgumentNames">The parameter names, to call it back.</param>
/// <param name="DocumentType">The document type, fully qualified.</param>
/// <param name="KeyType">The primary key type, fully qualified.</param>
/// <param name="Steps">The operators between <c>Query()</c> and the terminal, in order.</param>
/// <param name="Index">The index position (the generated collection's constant).</param>
/// <param name="Unique">True for a unique index.</param>
/// <param name="Path">The member path, as the plan text spells it.</param>
/// <param name="Kind">How the index is read.</param>
/// <param name="IsString">True for a string member; false for an integer one.</param>
/// <param name="Filter">The pattern that takes the filter's body apart, binding each value operand to <c>v0</c>, <c>v1</c>.</param>
/// <param name="Bounds">The comparisons, in the order of <c>v0</c>, <c>v1</c>.</param>
/// <param name="Ordered">True when an OrderBy on the member gives the order (Explain says index order).</param>
/// <param name="Descending">True to walk the index from the top.</param>
/// <param name="IsStep">True when the intercepted call is the chain's last operator (its last step), whose
/// result carries the plan to whatever enumerates it; false for a terminal.</param>
/// <param name="Test">For a scan, the C# condition over the stored bytes (<c>document</c>, <c>fields</c>, the values <c>k.K0</c>, ...).</param>
/// <param name="ElementType">The type of the query's elements, fully qualified: the document type, or a <c>Select</c>'s result.</param>
/// <param name="Projection">The compiled <c>Select</c>, or null.</param>
/// <param name="TypeParameters">The interceptor's type parameter list (<c>&lt;TSource&gt;</c> for an anonymous result), or empty.</param>
/// <param name="ByKey">True when the walk's matches are returned sorted by primary key (a range or prefix without an ordering).</param>
/// <param name="Residual">The conditions the index does not serve, as C# over the stored bytes (values <c>k.K0</c>, ...), or empty.</param>
/// <param name="ResidualValues">The residual's value operands, bound in the pattern after <see cref="Bounds"/>.</param>
/// <param name="Components">For a composite index walk, how many of its paths the bounds use (equalities, then a range
/// or prefix on the next); 0 for a single-path plan.</param>
internal sealed record CompiledCallSite(
    int Version,
    string Data,
    string Display,
    string Terminal,
    string Container,
    string ReturnType,
    EquatableArray<string> Parameters,
    EquatableArray<string> ArgumentNames,
    string DocumentType,
    string KeyType,
    EquatableArray<string> Steps,
    int Index,
    bool Unique,
    string Path,
    SeekKind Kind,
    bool IsString,
    string Filter,
    EquatableArray<SeekBound> Bounds,
    bool Ordered,
    bool Descending,
    bool IsStep,
    string Test = "",
    string ElementType = "",
    Projection? Projection = null,
    string TypeParameters = "",
    bool ByKey = false,
    string Residual = "",
    EquatableArray<SeekBound> ResidualValues = default,
    int Components = 0)
{
    /// <summary>True when the plan walks an index and tests or sorts what it finds (<see cref="Residual"/>, <see cref="ByKey"/>).</summary>
    public bool Tested => ByKey || Residual.Length > 0;

    /// <summary>The element type: the document type without a nullable annotation, or the projection's type as written.</summary>
    public string Element => ElementType.Length == 0 ? DocumentType.TrimEnd('?') : ElementType;
}
