namespace DocStore.Generators.Model;

/// <summary>How generated code stores a value read from a document into a member.</summary>
internal enum MemberAssignment
{
    /// <summary>Passed to the chosen constructor.</summary>
    Constructor,

    /// <summary>A <c>required</c> member: set in the object initializer.</summary>
    Required,

    /// <summary>An accessible setter or writable field: assigned after construction.</summary>
    Direct,

    /// <summary>An <c>init</c> or inaccessible setter: called through <c>UnsafeAccessor</c>.</summary>
    SetterAccessor,

    /// <summary>A get-only auto-property or read-only/inaccessible field: written through an <c>UnsafeAccessor</c> field reference.</summary>
    FieldAccessor,
}
