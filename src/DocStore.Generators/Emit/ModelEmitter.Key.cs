using DocStore.Generators.Model;

namespace DocStore.Generators.Emit;

internal sealed partial class ModelEmitter
{
    private void EmitKeyMembers(SourceWriter w)
    {
        KeyModel key = _model.Key;
        MemberModel member = FindMember(Root, key.MemberName);
        string generation = key.Type.Kind switch
        {
            ShapeKind.ObjectId => "ObjectId",
            ShapeKind.Guid => "Guid",
            ShapeKind.String => "None",
            _ => "Sequence",
        };

        w.Line("/// <inheritdoc />");
        w.Line($"public string KeyField => {Names.Literal(member.StoredName)};");
        w.Line();
        w.Line("/// <inheritdoc />");
        w.Line($"public {RuntimeNames.KeyGeneration} KeyGeneration => {RuntimeNames.KeyGeneration}.{generation};");
        w.Line();
        w.Line("/// <inheritdoc />");
        w.Open($"public {K} GetKey({T} document)");
        w.Line($"return {Getter(Root, member, "document")};");
        w.Close();
        w.Line();
        w.Line("/// <inheritdoc />");
        w.Open($"public void SetKey(ref {T} document, {K} key)");
        w.Line(Setter(Root, key.MemberName, key.Assignment, key.AccessorName, K, key.DeclaringTypeName, "document", "key"));
        w.Close();
        w.Line();
        w.Line("/// <inheritdoc />");
        string isDefault = key.Type.Kind switch
        {
            ShapeKind.String => "string.IsNullOrEmpty(key)",
            ShapeKind.Int32 or ShapeKind.Int64 => "key == 0",
            _ => $"key == default({K})",
        };
        w.Line($"public bool IsDefaultKey({K} key) => {isDefault};");
        w.Line();
        w.Line("/// <inheritdoc />");
        string newKey = key.Type.Kind switch
        {
            ShapeKind.ObjectId => "global::DocStore.ObjectId.NewObjectId()",
            // Version 7 Guids start with a timestamp, so keys generated in order land at the tree's right edge.
            ShapeKind.Guid => "global::System.Guid.CreateVersion7()",
            ShapeKind.Int32 => "checked((int)sequence)",
            ShapeKind.Int64 => "sequence",
            _ => $"throw new global::System.InvalidOperationException(\"Collection '{_model.CollectionName}' has a string key, which the caller must set before inserting.\")",
        };
        w.Line($"public {K} NewKey(long sequence) => {newKey};");
        w.Line();
        w.Line("/// <inheritdoc />");
        string sequence = key.Type.Kind is ShapeKind.Int32 or ShapeKind.Int64 ? "key" : "0";
        w.Line($"public long GetSequence({K} key) => {sequence};");
        w.Line();
        w.Line("/// <inheritdoc />");
        w.Line($"public void AppendKey({RuntimeNames.KeyBuilder} builder, {K} key) => builder.Append({ShapeCode.KeyValue(key.Type, "key")});");
        w.Line();
    }
}
