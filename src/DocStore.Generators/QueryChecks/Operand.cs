namespace DocStore.Generators.QueryChecks;

/// <summary>What one side of a comparison is to the translation.</summary>
internal enum OperandKind
{
    /// <summary>Reads no document: a value computed before the query runs.</summary>
    Value,

    /// <summary>A stored member path of the document.</summary>
    Path,

    /// <summary>Reads the document in a way that does not translate.</summary>
    Invalid,
}

/// <summary>An operand: a value, a path, or the problem that makes it neither.</summary>
internal readonly record struct Operand(OperandKind Kind, DocumentPath? Path, QueryProblem? Problem)
{
    public static Operand Value { get; } = new(OperandKind.Value, null, null);

    public static Operand Of(DocumentPath path) => new(OperandKind.Path, path, null);

    public static Operand Invalid(QueryProblem problem) => new(OperandKind.Invalid, null, problem);
}
