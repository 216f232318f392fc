mod given;
